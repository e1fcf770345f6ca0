/** R16 국제보건의료 활동 (spec 001 §2 "Volunteer and health-care lists", menu 13): the list, its dialog, attachments and Excel. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ActivityPage, type ActivityData } from "~/components/activities/ActivityPage";
import type { ActivityReply } from "~/components/activities/ActivityDialog";
import type { ListReplyData } from "~/components/list/ListPage";
import { medicalLoader, medicalAction } from "~/routes/__activities.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "국제보건의료 활동 | 의과대학 교육평가 자료관리" }];
export const loader = medicalLoader;
export const action = medicalAction;

/** A student lookup (a fetcher with JavaScript) changes nothing the list shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  String(formData?.get("intent") ?? "").startsWith("lookup:") ? false : defaultShouldRevalidate;

export default function MedicalScreenRoute() {
  return <ActivityPage kind="medical" data={useLoaderData() as ActivityData} reply={useFormReply() as (ActivityReply & ListReplyData) | undefined} />;
}
