/**
 * Excel of the people lists: `?type=download` (the list's filter, or the evaluation columns with
 * eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean name; a failure
 * goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { peopleExcelLoader } from "./__people.server";

export const loader = peopleExcelLoader;
