/** R04: professor registration (`?year=` required; without it the user is sent back). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PersonAddPage } from "~/components/people/PersonAddPage";
import type { PersonReply } from "~/components/people/PersonForm";
import type { PersonAddData } from "~/schemas/people";
import { addAction, addLoader } from "./__people.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "교수 등록 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => addLoader("professor")(args);
export const action = (args: ActionFunctionArgs) => addAction("professor")(args);

export default function ProfessorAddRoute() {
  return <PersonAddPage data={useLoaderData() as PersonAddData} reply={useFormReply() as PersonReply | undefined} />;
}
