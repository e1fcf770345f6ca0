/** R17 연구참여 및 수상 (spec 001 §2 "Awards and participation", menu 14): the list, its dialog, the attachment and Excel. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ListReplyData } from "~/components/list/ListPage";
import { AwardsPage, type AwardsData } from "./__page";
import type { AwardReply } from "./__dialog";
import { awardsAction, awardsLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "연구참여 및 수상 | 의과대학 교육평가 자료관리" }];
export const loader = awardsLoader;
export const action = awardsAction;

/** A student lookup (a fetcher with JavaScript) changes nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  String(formData?.get("intent") ?? "").startsWith("lookup:") ? false : defaultShouldRevalidate;

export default function AwardsRoute() {
  return <AwardsPage data={useLoaderData() as AwardsData} reply={useFormReply() as (AwardReply & ListReplyData) | undefined} />;
}
