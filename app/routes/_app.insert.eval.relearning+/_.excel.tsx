/**
 * Excel downloads of the re-learner list: `?type=download` (the list's filter, or the evaluation
 * columns with eiSeq/menuSeq) and `?type=template` (a year without subject codes comes back to the
 * list with '해당년도에 등록된 공통코드가 없습니다.'; other failures with '엑셀 다운로드 실패하였습니다.').
 */
export { relearningExcelLoader as loader } from "./__loader.server";
