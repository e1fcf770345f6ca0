/**
 * Excel download of the 국제보건의료 활동 list: the list's filter, or the evaluation columns with
 * eiSeq/menuSeq. A failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { medicalExcelLoader } from "~/routes/__activities.server";

export const loader = medicalExcelLoader;
