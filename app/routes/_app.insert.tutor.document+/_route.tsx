/** R05: the tutor document list with its detail form (spec 001 §2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PeopleDocument, type PeopleDocumentProps as Props } from "~/components/people/PeopleDocument";
import { documentAction, documentLoader } from "~/routes/__people.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "PBL 튜터 관리 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => documentLoader("tutor")(args);
export const action = (args: ActionFunctionArgs) => documentAction("tutor")(args);

export default function TutorDocumentRoute() {
  return <PeopleDocument kind="tutor" data={useLoaderData() as Props["data"]} reply={useFormReply() as Props["reply"]} />;
}
