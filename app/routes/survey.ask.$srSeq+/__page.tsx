/** The page of both P14 routes (see __loader.server.ts): which view the loader's answer asks for. */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRootData } from "~/components/layout/useRootData";
import { AnswerForm, AskNotice, type AnswerReply } from "./__answer-form";
import { OWN_MSG } from "~/schemas/messages.ko";
import type { AskLoad } from "./__loader.server";

export const askMeta: MetaFunction = ({ data }) => {
  const d = data as AskLoad | undefined;
  return [{ title: `${d?.kind === "survey" ? d.survey.srName : "설문"} | 설문 응답` }];
};

const windowText = (s: { dtYn: string; stDt: string; enDt: string }) => (s.dtYn === "Y" ? `응답 기간: ${s.stDt.slice(0, 16)} ~ ${s.enDt.slice(0, 16)}` : null);

export function AskPage() {
  const data = useLoaderData() as AskLoad;
  const reply = useActionData() as AnswerReply | undefined;
  const flash = useRootData()?.flash;
  if (data.kind === "expired") return <AskNotice title="설문 응답" text={data.message} detail="설문을 보낸 담당자에게 새 링크를 요청하세요." />;
  if (data.kind === "unavailable") return <AskNotice title="설문 응답" text={data.message} />;
  if (data.kind === "error") return <AskNotice title="설문 응답" text={data.message} kind="alert" />;
  const s = data.survey;
  if (data.done) return <AskNotice title={s.srName} text={flash?.text ?? OWN_MSG.surveySubmitted} />;
  if (data.answered) return <AskNotice title={s.srName} text={OWN_MSG.surveyAlreadyAnswered} detail={data.answerDt ? `제출 일시: ${data.answerDt.slice(0, 16)}` : null} />;
  if (data.state === "unused") return <AskNotice title={s.srName} text={OWN_MSG.surveyNotInUse} />;
  if (data.state !== "open") {
    return <AskNotice title={s.srName} text={`${OWN_MSG.surveyNotOpen} ${data.state === "before" ? "아직 응답을 받기 전입니다." : "응답이 마감되었습니다."}`} detail={windowText(s)} />;
  }
  return <AnswerForm survey={s} submitKey={data.submitKey} action={data.self} reply={reply} notice={reply ? null : flash?.text} />;
}
