/**
 * Excel download of the 연구참여 및 수상 list (the list's filter, or the evaluation columns with
 * eiSeq/menuSeq) and its upload template (`?type=template&year=`: the year's categories). A
 * failure goes back to the list with '엑셀 다운로드 실패하였습니다.' (or the year's missing codes).
 */
import { awardsExcelLoader } from "./__loader.server";

export const loader = awardsExcelLoader;
