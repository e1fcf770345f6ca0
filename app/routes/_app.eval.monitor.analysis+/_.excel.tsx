/**
 * Excel of exam question analysis: `?type=download` (the list's filter, or the evaluation columns
 * with eiSeq/menuSeq) and `?type=template`; a failure goes back to the list with '엑셀 다운로드
 * 실패하였습니다.'.
 */
export { analysisExcelLoader as loader } from "./__loader.server";
