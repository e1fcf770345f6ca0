/**
 * E01 Re-learner selection (spec 002 §7 "Re-learner"; docs/contract.md "Re-learners"): typed calls
 * and their wire schemas. The list and the detail carry each learner's subjects as JSON text;
 * they are parsed here into [{subjCd, reYn, subjNm}].
 */
import { z } from "zod";
import { RELEARN_SUBJECT_GROUP, type RelearnSubject } from "~/schemas/relearning";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { jsonTextList, nothing, uploadReply, obj, text, key, num, flag, list, evalOrPlainList, messageReply, type YearListFilter } from "../wire";
import { commonCodes } from "./code.server";

const wireFlag = obj({ subjCd: key, reYn: flag.transform((v) => (v === "Y" ? ("Y" as const) : ("N" as const))), subjNm: text });

/** `subj` as JSON text (or already a list). */
const subjText = jsonTextList(wireFlag);

export const wireRelearner = obj({
  rlSeq: num,
  year: num,
  usSeq: num,
  usyn: flag,
  id: key,
  name: text,
  subj: subjText,
});
export type WireRelearner = z.infer<typeof wireRelearner>;

const wireSubject = obj({ subjCd: key, subjNm: key });

const listReply = evalOrPlainList(wireRelearner, { subj: list(wireSubject) });


export type RelearningFilter = YearListFilter<"value">;

/** The year's re-learners (in evaluation mode rows of the configured columns plus `columns`) and its subjects. */
export function listRelearners(session: TokenHolder, filter: RelearningFilter) {
  return legacyPost("/api/relearning/list.do", filter, listReply, { session });
}

/** The subjects of exactly that year (common code group 0001500000); [] when it has none. */
export async function relearnSubjects(session: TokenHolder, year: number): Promise<RelearnSubject[]> {
  return (await commonCodes(session, RELEARN_SUBJECT_GROUP, year)).map((c) => ({ subjCd: c.id, subjNm: c.text }));
}

export async function relearnerDetail(session: TokenHolder, rlSeq: number): Promise<WireRelearner> {
  return legacyPost("/api/relearning/detail.do", { row: { rlSeq } }, wireRelearner, { session });
}

export interface LearnerInput {
  rlSeq?: number;
  usSeq: string;
  id: string;
  name: string;
  /** the lookup's confirmed flag */
  status: boolean;
  subj: { subjCd: string; reYn: "Y" | "N" }[];
}

/** Saves the learners of one year; answers the server's message ('등록되었습니다.' / '수정되었습니다.'). */
export async function saveRelearners(session: TokenHolder, year: number, data: LearnerInput[]): Promise<string> {
  const r = await legacyPost("/api/relearning/edit.do", { year, data }, messageReply, { session, whole: true });
  return r.message;
}

export function deleteRelearner(session: TokenHolder, rlSeq: number) {
  return legacyPost("/api/relearning/delete.do", { row: { rlSeq } }, nothing, { session });
}

/** Uploads one .xlsx for the year; answers the counts, the failing rows and the server's message. */
export function uploadRelearningExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost("/api/relearning/excelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadRelearningExcel(session: TokenHolder, filter: RelearningFilter) {
  const q: Record<string, string> = { year: String(filter.year) };
  if (filter.value) q.value = filter.value;
  if (filter.eiSeq && filter.menuSeq) Object.assign(q, { eiSeq: String(filter.eiSeq), menuSeq: String(filter.menuSeq) });
  return legacyDownload("/api/relearning/excelDown.do", q, { session });
}

export function downloadRelearningTemplate(session: TokenHolder, year: number) {
  return legacyDownload("/api/relearning/excelSampleDown.do", { year: String(year) }, { session });
}
