/** R08 위원회 (spec 001 §2 "Committees", menu 25): the list, its register/edit dialog, the link to each committee's detail and the Excel download. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommitteePage, type CommitteeData } from "./__page";
import type { ListReplyData } from "~/components/list/ListPage";
import { committeeAction, committeeLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "위원회 | 의과대학 교육평가 자료관리" }];
export const loader = committeeLoader;
export const action = committeeAction;

export default function CommitteeScreenRoute() {
  return <CommitteePage data={useLoaderData() as CommitteeData} reply={useFormReply() as ListReplyData | undefined} />;
}
