/**
 * Excel of the 위원회 list: the download (the list's name search, or the evaluation columns with
 * eiSeq/menuSeq). A failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { committeeExcelLoader } from "./__loader.server";

export const loader = committeeExcelLoader;
