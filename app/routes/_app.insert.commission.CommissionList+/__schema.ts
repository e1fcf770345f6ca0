/**
 * R08 위원회's own part of its schema: the columns its evaluation mode offers. The committee's
 * rules, paths and dialog schema stay in app/schemas/committees.ts, because R09 위원회 상세 (its own
 * route folder) and the embedded backend's handler read the same module (ADR 0073: a module other
 * screens import stays where it is).
 */
export { COMMITTEE_PATH } from "~/schemas/committees";

/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the rows the
 * list call answers in evaluation mode. app/schemas/eval-columns.ts takes it from here
 * (LIST_EVAL_COLUMNS).
 */
export const COMMITTEE_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [["year", "설립연도"], ["cmtNm", "위원회명"], ["oprSttNm", "운영상태"], ["termCnt", "기수"]];
