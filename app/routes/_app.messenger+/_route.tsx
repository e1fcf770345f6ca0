/** P04 messenger (spec 000 §2 "Messenger", §5 "Message", §6, §7 Messages, §9): the inbox and the send dialog. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useFormReply } from "~/components/form/field-state";
import { useRootData } from "~/components/layout/useRootData";
import type { FormReply } from "~/utils/form.server";
import { MessengerPage } from "./__page";
import { messengerAction, messengerLoader } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "메신저 | 의과대학 교육평가 자료관리" }];
export const loader = messengerLoader;
export const action = messengerAction;

export default function MessengerRoute() {
  return <MessengerPage data={useLoaderData<typeof loader>()} reply={useFormReply() as FormReply | undefined} flash={useRootData()?.flash} />;
}
