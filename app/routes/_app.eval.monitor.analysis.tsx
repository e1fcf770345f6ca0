/** E18: exam question analysis (spec 002 §2 screen 18, menu 71). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ExamAnalysisPage } from "~/components/analysis/ExamAnalysisPage";
import { analysisAction, analysisLoader } from "./__analysis.server";

export const meta: MetaFunction = () => [{ title: "시험문항 분석 | 의과대학 교육평가 자료관리" }];
export const loader = (args: LoaderFunctionArgs) => analysisLoader(args);
export const action = (args: ActionFunctionArgs) => analysisAction(args);
export default ExamAnalysisPage;
