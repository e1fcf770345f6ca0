/** P06 data list page (`/data/{menuSeq}`, menu type DATA): the menu's files of the year, the file dialog (insert, update), delete, download and preview. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataFilePage, type DataFileData } from "./__page";
import type { ListReplyData } from "~/components/list/ListPage";
import { dataFileAction, dataFileLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${(data as DataFileData | undefined)?.more?.menuNm ?? "자료실"} | 의과대학 교육평가 자료관리` }];
export const loader = dataFileLoader;
export const action = dataFileAction;

export default function DataFileScreenRoute() {
  return <DataFilePage data={useLoaderData() as DataFileData} reply={useFormReply() as ListReplyData | undefined} />;
}
