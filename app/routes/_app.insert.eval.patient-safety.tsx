/** E04: patient safety course scores (spec 002 §2 screen 4). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PatientSafetyPage } from "~/components/patient-safety/PatientSafetyPage";
import { patientSafetyAction, patientSafetyLoader } from "./__patient-safety.server";

export const meta: MetaFunction = () => [{ title: "환자안전 교과목 성적 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => patientSafetyLoader(args);
export const action = (args: ActionFunctionArgs) => patientSafetyAction(args);
export default PatientSafetyPage;
