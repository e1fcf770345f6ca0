/** P18 학생 분석 (menu 15; ADR 0042): the year's students by grade and status, and what each holds. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AnalysisPage } from "./__page";
import type { AnalysisData } from "./__analysis";
import { analysisLoader } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "학생 분석 | 의과대학 교육평가 자료관리" }];
export const loader = analysisLoader;

export default function StudentAnalysisRoute() {
  return <AnalysisPage data={useLoaderData() as AnalysisData} />;
}
