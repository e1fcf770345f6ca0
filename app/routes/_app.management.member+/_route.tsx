/** P16 사용자 관리 (spec 000 §2 "User management", menu 95, administrators only): the list, the join requests and their approval. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MemberPage, type MemberData, type MemberReply } from "./__page";
import { memberAction, memberLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "사용자 관리 | 의과대학 교육평가 자료관리" }];
export const loader = memberLoader;
export const action = memberAction;

export default function MemberScreenRoute() {
  return <MemberPage data={useLoaderData() as MemberData} reply={useFormReply() as MemberReply | undefined} />;
}
