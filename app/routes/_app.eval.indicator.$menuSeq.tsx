/**
 * P15 evaluation indicator input, `/eval/indicator/{menuSeq}` (SCREENS.md; spec 000 §2, §5, §7):
 * app/routes/__eval-indicators.server.ts and app/components/eval-indicators/IndicatorPage.tsx.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { IndicatorPage, type IndicatorReply } from "~/components/eval-indicators/IndicatorPage";
import type { IndicatorPageData } from "./__eval-indicators.server";
import { indicatorAction, indicatorLoader } from "./__eval-indicators.server";
import { useFormReply } from "~/components/form/field-state";

// each indicator page its own title (its menu name), not one for all of them (WCAG 2.4.2)
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${(data as IndicatorPageData | undefined)?.title ?? "평가지표"} | 의과대학 교육평가 자료관리` }];
export const loader = indicatorLoader;
export const action = indicatorAction;

export default function EvalIndicatorRoute() {
  const data = useLoaderData<typeof loader>() as unknown as IndicatorPageData;
  const reply = useFormReply() as IndicatorReply | undefined;
  return <IndicatorPage data={data} reply={reply} />;
}
