/** E18: exam question analysis (spec 002 §2 screen 18, menu 71). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ExamAnalysisPage } from "./__page";
import { analysisAction, analysisLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "시험문항 분석 | 의과대학 교육평가 자료관리" }];
export const loader = analysisLoader;
export const action = analysisAction;

export default function ExamAnalysisRoute() {
  return <ExamAnalysisPage data={useLoaderData() as Parameters<typeof ExamAnalysisPage>[0]["data"]} reply={useFormReply() as Parameters<typeof ExamAnalysisPage>[0]["reply"]} />;
}
