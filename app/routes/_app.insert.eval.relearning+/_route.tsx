/** E01 Re-learner selection (spec 002 §2 screen 1, menu 31): the list, its add/edit dialog and Excel. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { RelearningPage } from "./__page";
import { relearningAction, relearningLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "재학습자 선정 자료 | 의과대학 교육평가 자료관리" }];
export const loader = relearningLoader;
export const action = relearningAction;

/** A student lookup (a fetcher with JavaScript) changes nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  String(formData?.get("intent") ?? "").startsWith("lookup:") ? false : defaultShouldRevalidate;

export default function RelearningRoute() {
  return <RelearningPage data={useLoaderData() as Parameters<typeof RelearningPage>[0]["data"]} reply={useFormReply() as Parameters<typeof RelearningPage>[0]["reply"]} />;
}
