/** E06 health and medical law scores (spec 002 §2 screen 6, menu 36). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { MedicalLawScreen } from "~/components/medical-law/MedicalLawScreen";
import { lawAction, lawLoader } from "./__medical-law.server";

export const meta: MetaFunction = () => [{ title: "보건의료법규 성적 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => lawLoader(args);
export const action = (args: ActionFunctionArgs) => lawAction(args);

/** A student lookup or the code lists of another year change nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (typeof intent === "string" && (intent === "codes" || intent.startsWith("lookup:"))) return false;
  return defaultShouldRevalidate;
};

export default MedicalLawScreen;
