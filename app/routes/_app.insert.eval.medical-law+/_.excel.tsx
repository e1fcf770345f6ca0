/**
 * Excel downloads of the health and medical law scores: `?type=download` (the list's filter, or the
 * evaluation columns with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its
 * Korean name; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
export { lawExcelLoader as loader } from "./__loader.server";
