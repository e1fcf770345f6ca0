/** E16 PBL 튜터 평가 (spec 002 §2 screen 16, menu 37): a student search, then the student's tutor evaluations. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TutorEvalPage, type TutorEvalData } from "./__page";
import { tutorEvalLoader } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "PBL 튜터 평가 | 의과대학 교육평가 자료관리" }];
export const loader = tutorEvalLoader;

export default function TutorEvalRoute() {
  return <TutorEvalPage data={useLoaderData() as TutorEvalData} />;
}
