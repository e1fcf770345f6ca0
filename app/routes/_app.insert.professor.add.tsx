/** R04: professor registration (`?year=` required; without it the user is sent back). */
import { Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ProfessorForm, type PersonReply } from "~/components/people/PersonForm";
import { addAction, addLoader } from "./__people.server";

export const meta: MetaFunction = () => [{ title: "교수 등록 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => addLoader("professor")(args);
export const action = (args: ActionFunctionArgs) => addAction("professor")(args);

export default function Add() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData() as PersonReply | undefined;
  const location = useLocation();
  const back = `/insert/professor/document?year=${data.year}`;
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        교수 등록 ({data.year}년)
      </Title>
      {data.codes.kind === "professor" ? (
        <ProfessorForm action={`${location.pathname}${location.search}`} reply={reply} codes={data.codes} mode="create" cancelHref={back} />
      ) : null}
    </Stack>
  );
}
