/**
 * Excel of the 세미나 list: the download (the list's filter, or the evaluation columns with
 * eiSeq/menuSeq) and `?type=template` the year's upload sample. A failure goes back to the list
 * with '엑셀 다운로드 실패하였습니다.' (a year without categories: '해당년도에 등록된 공통코드가 없습니다.').
 */
import { seminarExcelLoader } from "./__loader.server";

export const loader = seminarExcelLoader;
