/** R01: the student document list with its detail form (spec 001 §2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PeopleDocument, type PeopleDocumentProps as Props } from "~/components/people/PeopleDocument";
import { documentAction, documentLoader } from "~/routes/__people.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "학생 관리 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => documentLoader("student")(args);
export const action = (args: ActionFunctionArgs) => documentAction("student")(args);

export default function StudentDocumentRoute() {
  return <PeopleDocument kind="student" data={useLoaderData() as Props["data"]} reply={useFormReply() as Props["reply"]} />;
}
