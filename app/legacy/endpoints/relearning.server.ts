/**
 * E01 Re-learner selection (spec 002 §7 "Re-learner"; docs/contract.md "Re-learners"): typed calls
 * and their wire schemas. The list and the detail carry each learner's subjects as JSON text;
 * they are parsed here into [{subjCd, reYn, subjNm}]. Stays here, outside the screen's folder
 * (app/routes/_app.insert.eval.relearning+, ADR 0073): P18 student analysis calls it too.
 */
import { RELEARNING, type LearnerInput, type WireRelearner } from "~/calls/relearning";
import { RELEARN_SUBJECT_GROUP, type RelearnSubject } from "~/routes/_app.insert.eval.relearning+/__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { YearListFilter } from "../wire";
import { commonCodes } from "./code.server";

export type { LearnerInput, WireRelearner } from "~/calls/relearning";

export type RelearningFilter = YearListFilter<"value">;

/** The year's re-learners (in evaluation mode rows of the configured columns plus `columns`) and its subjects. */
export function listRelearners(session: TokenHolder, filter: RelearningFilter) {
  return callLegacy(RELEARNING.list, filter, { session });
}

/** The subjects of exactly that year (common code group 0001500000); [] when it has none. */
export async function relearnSubjects(session: TokenHolder, year: number): Promise<RelearnSubject[]> {
  return (await commonCodes(session, RELEARN_SUBJECT_GROUP, year)).map((c) => ({ subjCd: c.id, subjNm: c.text }));
}

export async function relearnerDetail(session: TokenHolder, rlSeq: number): Promise<WireRelearner> {
  return callLegacy(RELEARNING.detail, { row: { rlSeq } }, { session });
}

/** Saves the learners of one year; answers the server's message ('등록되었습니다.' / '수정되었습니다.'). */
export async function saveRelearners(session: TokenHolder, year: number, data: LearnerInput[]): Promise<string> {
  const r = await callLegacy(RELEARNING.save, { year, data }, { session });
  return r.message;
}

export function deleteRelearner(session: TokenHolder, rlSeq: number) {
  return callLegacy(RELEARNING.remove, { row: { rlSeq } }, { session });
}

/** Uploads one .xlsx for the year; answers the counts, the failing rows and the server's message. */
export function uploadRelearningExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(RELEARNING.upload, fd, { session, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadRelearningExcel(session: TokenHolder, filter: RelearningFilter) {
  const evalMode = filter.eiSeq && filter.menuSeq ? { eiSeq: filter.eiSeq, menuSeq: filter.menuSeq } : {};
  return downloadLegacy(RELEARNING.download, { year: filter.year, value: filter.value || undefined, ...evalMode }, { session });
}

export function downloadRelearningTemplate(session: TokenHolder, year: number) {
  return downloadLegacy(RELEARNING.sample, { year }, { session });
}
