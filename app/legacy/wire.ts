/**
 * Wire schemas shared by several endpoint files: the shapes the `.do` calls return
 * (docs/contract.md). Lenient on extra fields, strict on what we use.
 */
import { z } from "zod";

const str = z.string().nullish().transform((v) => v ?? "");

export const wireUser = z
  .object({
    userSeq: z.coerce.number(),
    userId: z.string(),
    userNm: z.string(),
    dptCd: str,
    dptNm: str,
    telNo: str,
    email: str,
    emailCd: str,
    authTy: str,
    usyn: str,
    aprYn: str,
    adminYn: str,
    /** the embedded backend's addition (ADR 0024): 'Y' when the password must be changed first */
    pwChangeYn: str,
    regDt: str,
    uptDt: str,
  })
  .passthrough();
export type WireUser = z.infer<typeof wireUser>;

export const wireCode = z.object({ id: z.string(), text: z.string() }).passthrough();
export type WireCode = z.infer<typeof wireCode>;

export const wireMenu = z
  .object({
    menuSeq: z.coerce.number(),
    upprMenuSeq: z.coerce.number().nullish(),
    menuLvl: z.coerce.number(),
    menuTy: z.string(),
    menuNm: z.string(),
    menuUrl: z.string().nullish().transform((v) => v ?? ""),
    cmpltCnt: z.coerce.number().nullish(),
    upprMenuNm: z.string().nullish(),
    upMenuNm: z.string().nullish(),
    sort: z.coerce.number().nullish(),
  })
  .passthrough();
export type WireMenu = z.infer<typeof wireMenu>;

export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ list: z.array(item) }).passthrough();
export const nothing = z.unknown();

const num = z.coerce.number();

/** A column of evaluation mode (`/api/eval/getEvalColumnsList.do`, or a list reply's `columns`). */
export const wireEvalColumn = z.object({ clm: z.string(), clmNm: z.string() }).passthrough();
export type WireEvalColumn = z.infer<typeof wireEvalColumn>;

/** An Excel upload's reply: the counts, the failing rows and the server's message. */
export const wireUploadFailure = z.object({ row: num, id: str, message: str }).passthrough();
export type WireUploadFailure = z.infer<typeof wireUploadFailure>;
export const uploadReply = z
  .object({ message: str, successCount: num, faildCount: num, failures: z.array(wireUploadFailure).default([]) })
  .passthrough();
export type UploadReply = z.infer<typeof uploadReply>;

/** Evaluation route parameters: both present switches a list to evaluation mode. */
export interface EvalParams {
  eiSeq?: number;
  menuSeq?: number;
}

/** A GET download's query: empty values dropped, lists joined with ','. */
export const asQuery = (q: Record<string, string | number | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]),
  );

/**
 * Paging and sorting of a list call (docs/contract.md "Paging and sorting"): a backend that pages
 * answers that page and the `total`; one that does not answers the whole list, which the web tier
 * sorts and slices (app/utils/list-loader.server.ts).
 */
export interface ListQuery {
  page?: number;
  size?: number;
  /** `key:asc|desc`, several joined by ',' */
  sort?: string;
}

/** A list the spec sends as JSON text ('users is JSON text', 'subj as JSON text'), or already a list. */
export const jsonTextList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v ?? [];
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(item));
