/** P07 survey list page (`/survey-menu/{menuSeq}`, menu type SURVEY): the surveys linked to the menu and the survey-link dialog. */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SurveyMenuPage, type SurveyMenuData, type SurveyMenuReply } from "./__page";
import surveyStyles from "~/styles/survey.css";
import { surveyMenuAction, surveyMenuLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${(data as SurveyMenuData | undefined)?.more?.menuNm ?? "설문"} | 의과대학 교육평가 자료관리` }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];
export const loader = surveyMenuLoader;
export const action = surveyMenuAction;

export default function SurveyMenuScreenRoute() {
  return <SurveyMenuPage data={useLoaderData() as SurveyMenuData} reply={useFormReply() as SurveyMenuReply | undefined} />;
}
