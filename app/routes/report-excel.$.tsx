/**
 * The Excel download of every synced report (issue 12): `/report-excel{report path}/excel?…` with
 * the list's filter (or the evaluation's ids). Streams the backend's workbook with its name from
 * Content-Disposition; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportExcelLoader } from "./__report.server";

export const loader = (args: LoaderFunctionArgs) => reportExcelLoader(args);
