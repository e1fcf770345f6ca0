/** E04: patient safety course scores (spec 002 §2 screen 4). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PatientSafetyPage } from "./__page";
import { patientSafetyAction, patientSafetyLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "환자안전 교과목 성적 | 의과대학 교육평가 자료관리" }];
export const loader = patientSafetyLoader;
export const action = patientSafetyAction;

export default function PatientSafetyRoute() {
  return <PatientSafetyPage data={useLoaderData() as Parameters<typeof PatientSafetyPage>[0]["data"]} reply={useFormReply() as Parameters<typeof PatientSafetyPage>[0]["reply"]} />;
}
