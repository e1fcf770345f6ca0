/**
 * The template of 의과대학 공간 현황 (every tab's fields of the year); a year without grade codes goes
 * back to the screen with '해당년도에 등록된 공통코드가 없습니다.'.
 */
import { spaceExcelLoader } from "./__loader.server";

export const loader = spaceExcelLoader;
