/** R07 세미나 (spec 001 §2 "Seminars", menu 24): the list, its registration dialog, the schedule attachment and Excel. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ListReplyData } from "~/components/list/ListPage";
import { SeminarPage, type SeminarData } from "./__page";
import type { SeminarReply } from "./__dialog";
import { seminarAction, seminarLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "세미나 | 의과대학 교육평가 자료관리" }];
export const loader = seminarLoader;
export const action = seminarAction;

/** A participant lookup or the codes of another year (fetchers with JavaScript) change nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = String(formData?.get("intent") ?? "");
  return intent.startsWith("lookup:") || intent === "codes" ? false : defaultShouldRevalidate;
};

export default function SeminarScreenRoute() {
  return <SeminarPage data={useLoaderData() as SeminarData} reply={useFormReply() as (SeminarReply & ListReplyData) | undefined} />;
}
