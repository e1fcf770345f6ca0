/**
 * Excel of the patient safety scores: `?type=download` (the list's filter, or the evaluation
 * columns with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean
 * name; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { patientSafetyExcelLoader } from "./__loader.server";

export const loader = (args: LoaderFunctionArgs) => patientSafetyExcelLoader(args);
