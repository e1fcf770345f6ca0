/**
 * Excel of the education achievement score: `?type=download` (every score; with eiSeq, menuSeq and
 * year the evaluation's columns up to that year) and `?type=template`; a failure goes back to the
 * page with '엑셀 다운로드 실패하였습니다.'.
 */
export { achievementExcelLoader as loader } from "./__loader.server";
