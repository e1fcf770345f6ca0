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
