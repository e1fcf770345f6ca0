/**
 * P15 evaluation indicators (spec 000 §7 "Evaluation indicators"; docs/contract.md "Evaluation
 * indicators"): typed calls with wire schemas in the spec's shape (eiSeq, evalIndctNm, evalStnd;
 * cards menuSeq, menuNm, menuUrl, excelUrl, menuTy; columns clmSeq, clmNm). What the spec does not
 * name (years, the ticked columns of a card, a report's last sync, chkYn) is optional.
 */
import { z } from "zod";
import { INDICATOR_CALLS } from "~/schemas/eval-indicators";
import { LegacyError } from "../errors";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireEvalColumn, obj, text, key, num, list, flag, maybeText, messageReply, numberList } from "../wire";

export const wireIndicator = obj({
  eiSeq: num,
  evalIndctNm: text,
  evalStnd: text,
  years: numberList,
});
export type WireIndicator = z.infer<typeof wireIndicator>;

export const wireCard = obj({
  menuSeq: num,
  menuNm: text,
  upMenuNm: text.optional(),
  menuUrl: text,
  excelUrl: text,
  menuTy: text,
  clms: list(wireEvalColumn),
  lastSyncTime: maybeText,
});
export type WireCard = z.infer<typeof wireCard>;

export const wireColumn = obj({ clmSeq: key, clmNm: text, chkYn: flag.optional() });
export type WireColumn = z.infer<typeof wireColumn>;

const savedReply = obj({ message: text, result: obj({ eiSeq: num }).nullish() });

export function listIndicators(session: TokenHolder, menuSeq: number) {
  return legacyPost(INDICATOR_CALLS.list, { menuSeq }, listOf(wireIndicator), { session });
}

/** Adds (no eiSeq) or edits an indicator; answers its eiSeq and the server's message. */
export async function saveIndicator(
  session: TokenHolder,
  data: { menuSeq: number; eiSeq?: number; evalIndctNm: string; evalStnd: string; years: number[]; authTyList: string[] },
): Promise<{ eiSeq: number | null; message: string }> {
  const r = await legacyPost(INDICATOR_CALLS.save, { ...data, auth: data.authTyList.join(",") }, savedReply, { session, whole: true });
  return { eiSeq: r.result?.eiSeq ?? data.eiSeq ?? null, message: r.message };
}

export async function deleteIndicator(session: TokenHolder, menuSeq: number, eiSeq: number): Promise<string> {
  return (await legacyPost(INDICATOR_CALLS.save, { menuSeq, eiSeq, mode: "D" }, messageReply, { session, whole: true })).message;
}

export function indicatorInfo(session: TokenHolder, menuSeq: number, eiSeq: number) {
  return legacyPost(INDICATOR_CALLS.cards, { menuSeq, eiSeq }, obj({ info: wireIndicator, list: list(wireCard) }), { session });
}

/**
 * Indicator `eiSeq` with its cards as indicator page `menuSeq` holds it, or null when the server
 * answers 404 (not an indicator of this page) or 400 (not an indicator page); any other failure is
 * the page's error (a business error shows the server's message, not "no such indicator").
 */
export function indicatorOnPage(session: TokenHolder, menuSeq: number, eiSeq: number) {
  return indicatorInfo(session, menuSeq, eiSeq).catch((e: unknown) => {
    if (e instanceof LegacyError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  });
}

export function menuColumns(session: TokenHolder, menuSeq: number, eiSeq?: number) {
  return legacyPost(INDICATOR_CALLS.columns, { menuSeq, eiSeq }, listOf(wireColumn), { session });
}

/** `pageMenuSeq`: the indicator page the indicator must be on (our extension; ADR 0058). */
export async function saveMenuColumns(session: TokenHolder, data: { eiSeq: number; menuSeq: number; clms: string[]; pageMenuSeq: number }): Promise<string> {
  return (await legacyPost(INDICATOR_CALLS.editMenu, data, messageReply, { session, whole: true })).message;
}

export async function deleteCard(session: TokenHolder, eiSeq: number, menuSeq: number, pageMenuSeq: number): Promise<string> {
  return (await legacyPost(INDICATOR_CALLS.deleteMenu, { eiSeq, menuSeq, pageMenuSeq }, messageReply, { session, whole: true })).message;
}
