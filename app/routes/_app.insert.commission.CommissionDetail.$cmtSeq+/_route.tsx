/**
 * R09 위원회 상세 (spec 001 §2 "Committees"; opened from R08's list, under its menu 25 by the route
 * guard): the terms as cards with the show more / close toggle, the term dialog, copy and delete,
 * the selected term's members with the member dialog and picker, the member delete and Excel.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommitteeDetailPage, type DetailReply } from "./__page";
import type { DetailData } from "./__loader.server";
import { committeeDetailAction, committeeDetailLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "위원회 상세 | 의과대학 교육평가 자료관리" }];
export const loader = committeeDetailLoader;
export const action = committeeDetailAction;

export default function CommitteeDetailRoute() {
  return <CommitteeDetailPage data={useLoaderData() as DetailData} reply={useFormReply() as DetailReply | undefined} />;
}
