/** E06 health and medical law scores (spec 002 §2 screen 6, menu 36). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { MedicalLawScreen } from "./__page";
import { lawAction, lawLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "보건의료법규 성적 | 의과대학 교육평가 자료관리" }];
export const loader = lawLoader;
export const action = lawAction;

/** A student lookup or the code lists of another year change nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  /^(codes$|lookup:)/.test(String(formData?.get("intent") ?? "")) ? false : defaultShouldRevalidate;

export default function MedicalLawRoute() {
  return <MedicalLawScreen data={useLoaderData() as Parameters<typeof MedicalLawScreen>[0]["data"]} reply={useFormReply() as Parameters<typeof MedicalLawScreen>[0]["reply"]} />;
}
