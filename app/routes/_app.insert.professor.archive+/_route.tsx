/** R06: education achievement score (spec 001 §2 "Professor achievement screen", menu 23). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AchievementPage } from "./__page";
import { achievementAction, achievementLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "교육업적 점수 | 의과대학 교육평가 자료관리" }];
export const loader = achievementLoader;
export const action = achievementAction;

export default function AchievementRoute() {
  return <AchievementPage data={useLoaderData() as Parameters<typeof AchievementPage>[0]["data"]} reply={useFormReply() as Parameters<typeof AchievementPage>[0]["reply"]} />;
}
