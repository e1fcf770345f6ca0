/** E17 의과대학 공간 현황 (spec 002 §2 screen 17, menu 86): the year, the template and upload, the nine tabs with their saves. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SpacePage } from "./__page";
import type { SpaceLoaderData, SpaceReply } from "./__schema";
import { spaceAction, spaceLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "의과대학 공간 현황 | 의과대학 교육평가 자료관리" }];
export const loader = spaceLoader;
export const action = spaceAction;

export default function SpaceRoute() {
  return <SpacePage data={useLoaderData() as SpaceLoaderData} reply={useFormReply() as SpaceReply | undefined} />;
}
