/**
 * The columns a survey list shows (spec 000 §2: /survey, and the survey list page of a SURVEY
 * menu): number, survey name (a link to its editor), question count, in-use, status, author,
 * register/modify date, and the row's actions. The management list adds answers / sent.
 */
import { Anchor, Text } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { actionsColumn, numberColumn, type ListPageData } from "~/components/list/ListPage";
import type * as surveyApi from "~/legacy/endpoints/survey.server";

export type SurveyRow = surveyApi.WireSurveySummary & Record<string, unknown>;

/** The survey list's sortable columns. */
export const SURVEY_SORTABLE = ["srName", "qestCnt", "usyn", "status", "userNm", "regDt"] as const;

export function surveyColumns(data: Pick<ListPageData, "total" | "page" | "size">, opts: { editPage: (r: SurveyRow) => string; answers?: boolean; actions: (r: SurveyRow) => ReactNode }): DataColumn<SurveyRow>[] {
  return [
    numberColumn(data),
    { key: "srName", header: "설문명", wrap: true, sortable: true, cell: (r) => <Anchor component={Link} to={opts.editPage(r)}>{r.srName}</Anchor> },
    { key: "qestCnt", header: "문항수", align: "center", sortable: true },
    { key: "usyn", header: "사용여부", align: "center", sortable: true, cell: (r) => (r.usyn === "Y" ? "사용" : "미사용") },
    { key: "status", header: "상태", align: "center", sortable: true },
    ...(opts.answers ? [{ key: "answers", header: "응답 / 발송", align: "center", cell: (r) => `${r.answerCnt} / ${r.sendCnt}` } satisfies DataColumn<SurveyRow>] : []),
    { key: "userNm", header: "작성자", align: "center", sortable: true },
    {
      key: "regDt",
      header: "등록일 / 수정일",
      align: "center",
      sortable: true,
      cell: (r) => (
        <>
          {(r.regDt ?? "").slice(0, 10)}
          <Text component="span" size="xs" c="dimmed" display="block">
            {(r.uptDt ?? "").slice(0, 10)}
          </Text>
        </>
      ),
    },
    actionsColumn(opts.actions),
  ];
}
