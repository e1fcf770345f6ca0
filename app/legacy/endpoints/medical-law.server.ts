/**
 * E06 health and medical law scores (spec 002 §7 "Health and medical law"; docs/contract.md
 * "Health and medical law scores"): typed calls and their wire schemas. Downloads answer the
 * backend's Response for a resource route to stream on.
 */
import { z } from "zod";
import type { LawsInfo } from "~/schemas/medical-law";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { cachedCodes } from "./code.server";
import { type EvalParams, nothing, wireCode, wireEvalColumn, wireUploadFailure, type ListQuery } from "../wire";

const str = z.string().nullish().transform((v) => v ?? "");
const num = z.coerce.number();
/** Codes as a list, or comma-joined text. */
const codes = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? "").split(",").map((c) => c.trim()).filter(Boolean)));

export const wireLawRow = z
  .object({
    hlSeq: num,
    year: num,
    smst: str,
    tgetSt: codes,
    tgetNm: str,
    subj: str,
    subjNm: str,
    userCnt: num.nullish().transform((v) => v ?? 0),
    avgScore: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === "" ? "" : Number(v).toFixed(2))),
    totalScore: num,
  })
  .passthrough();
export type WireLawRow = z.infer<typeof wireLawRow>;

/** The list: plain rows, or in evaluation mode rows of the configured columns plus `columns`. */
const lawList = z.union([
  z.object({ list: z.array(z.record(z.unknown())), total: num.optional(), yearList: z.array(num).default([]), columns: z.array(wireEvalColumn) }),
  z.object({ list: z.array(wireLawRow), total: num.optional(), yearList: z.array(num).default([]), columns: z.undefined().optional() }),
]);

const wireLawCodes = z.object({ grdeList: z.array(wireCode), subjList: z.array(wireCode), yearList: z.array(num).default([]) }).passthrough();
export type LawCodes = z.infer<typeof wireLawCodes>;

export const wireLawUser = z.object({ usSeq: num, id: z.coerce.string(), name: str, score: num, status: z.unknown().optional() }).passthrough();
export type WireLawUser = z.infer<typeof wireLawUser>;

/** `users` arrives as JSON text (spec 002 §7); a list is taken as it is. */
const usersText = z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
  let value: unknown = v;
  if (typeof v === "string") {
    try {
      value = JSON.parse(v || "[]");
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "users is not JSON" });
      return z.NEVER;
    }
  }
  const parsed = z.array(wireLawUser).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "users is not a list of users" });
    return z.NEVER;
  }
  return parsed.data;
});

const wireLawDetail = z
  .object({ hlSeq: num, year: num, smst: str, tgetSt: codes, subj: str, totalScore: num, users: usersText })
  .passthrough();
export type WireLawDetail = z.infer<typeof wireLawDetail>;

export const wirePreviewRow = z
  .object({ grdeNm: str, id: z.coerce.string(), name: str, subjNm: str, smst: str, score: z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined ? "" : String(v))) })
  .passthrough();
export type WirePreviewRow = z.infer<typeof wirePreviewRow>;

/** A save's whole reply: spec 002 §7 names no result for edit.do; the embedded backend's hlSeq is read when present. */
const savedReply = z.object({ message: str, result: z.object({ hlSeq: num.optional() }).passthrough().nullish() }).passthrough();
const uploadReply = z.object({ message: str, successCount: num, faildCount: num, failures: z.array(wireUploadFailure).default([]) }).passthrough();

export interface LawFilter extends EvalParams, ListQuery {
  year: number;
  value: string;
  /** target grade codes; [] is every grade */
  tgetSt: string[];
}

/** The year's code lists; every list page asks: kept a minute (code.server.ts cachedCodes). */
export function lawCodeLists(session: TokenHolder, year: number) {
  const path = "/api/medical/getCodeList.do";
  return cachedCodes(session, `${path}:${year}`, () => legacyPost(path, { year }, wireLawCodes, { session }));
}

export function listLaws(session: TokenHolder, filter: LawFilter) {
  return legacyPost("/api/medical/list.do", filter, lawList, { session });
}

export function lawDetail(session: TokenHolder, hlSeq: number) {
  return legacyPost("/api/medical/detail.do", { hlSeq }, wireLawDetail, { session });
}

export async function previewLaw(session: TokenHolder, hlSeq: number) {
  return (await legacyPost("/api/medical/preview.do", { hlSeq }, z.object({ list: z.array(wirePreviewRow) }).passthrough(), { session })).list;
}

/**
 * Registers (no hlSeq) or updates a set; answers the server's message ('등록되었습니다.' / '수정되었습니다.'),
 * and the hlSeq only when the server sends one.
 */
export async function saveLaw(session: TokenHolder, lawsInfo: LawsInfo) {
  const r = await legacyPost("/api/medical/edit.do", { lawsInfo }, savedReply, { session, whole: true });
  return { message: r.message, hlSeq: r.result?.hlSeq };
}

export function deleteLaw(session: TokenHolder, hlSeq: number) {
  return legacyPost("/api/medical/delete.do", { hlSeq }, nothing, { session });
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadLawExcel(session: TokenHolder, file: File, year: number, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost("/api/medical/excelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The download of the list's filter (in evaluation mode the configured columns of the sets). */
export function downloadLawExcel(session: TokenHolder, filter: LawFilter) {
  const query: Record<string, string> = { year: String(filter.year) };
  if (filter.value) query.value = filter.value;
  if (filter.tgetSt.length) query.tgetSt = filter.tgetSt.join(",");
  if (filter.eiSeq && filter.menuSeq) Object.assign(query, { eiSeq: String(filter.eiSeq), menuSeq: String(filter.menuSeq) });
  return legacyDownload("/api/medical/excelDown.do", query, { session });
}

export function downloadLawTemplate(session: TokenHolder, year: number) {
  return legacyDownload("/api/medical/excelSampleDown.do", { year: String(year) }, { session });
}
