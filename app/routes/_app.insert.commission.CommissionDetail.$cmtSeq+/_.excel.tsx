/**
 * Excel of a committee term's members (R09): `?type=template` the upload's sample, else the
 * selected term's (`term`) members. A failure goes back to the detail with '엑셀 다운로드
 * 실패하였습니다.'.
 */
import { committeeMemberExcelLoader } from "./__loader.server";

export const loader = committeeMemberExcelLoader;
