/**
 * Excel download of the 봉사활동 list: the list's filter, or the evaluation columns with
 * eiSeq/menuSeq. A failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { volunteerExcelLoader } from "~/routes/__activities.server";

export const loader = volunteerExcelLoader;
