/**
 * P15 evaluation indicators (spec 000 §7 "Evaluation indicators"; docs/contract.md "Evaluation
 * indicators"): typed calls (their definitions and wire schemas: app/calls/eval-indicators.ts) in the spec's shape (eiSeq, evalIndctNm, evalStnd;
 * cards menuSeq, menuNm, menuUrl, excelUrl, menuTy; columns clmSeq, clmNm). What the spec does not
 * name (years, the ticked columns of a card, a report's last sync, chkYn) is optional.
 */
import { INDICATORS } from "~/calls/eval-indicators";
import { LegacyError } from "../errors";
import { callLegacy, type TokenHolder } from "../gateway.server";

/** The columns configured for an evaluation's menu in a year (spec 001 §7 getEvalColumnsList.do): evaluation mode's columns when a list reply carries none. */
export async function evalColumns(session: TokenHolder, eiSeq: number, menuSeq: number, year: number) {
  return (await callLegacy(INDICATORS.evalColumns, { eiSeq, menuSeq, year }, { session })).list;
}

export function listIndicators(session: TokenHolder, menuSeq: number) {
  return callLegacy(INDICATORS.list, { menuSeq }, { session });
}

/** Adds (no eiSeq) or edits an indicator; answers its eiSeq and the server's message. */
export async function saveIndicator(
  session: TokenHolder,
  data: { menuSeq: number; eiSeq?: number; evalIndctNm: string; evalStnd: string; years: number[]; authTyList: string[] },
): Promise<{ eiSeq: number | null; message: string }> {
  const r = await callLegacy(INDICATORS.save, { ...data, auth: data.authTyList.join(",") }, { session });
  return { eiSeq: r.result?.eiSeq ?? data.eiSeq ?? null, message: r.message };
}

export async function deleteIndicator(session: TokenHolder, menuSeq: number, eiSeq: number): Promise<string> {
  return (await callLegacy(INDICATORS.save, { menuSeq, eiSeq, mode: "D" }, { session })).message;
}

export function indicatorInfo(session: TokenHolder, menuSeq: number, eiSeq: number) {
  return callLegacy(INDICATORS.cards, { menuSeq, eiSeq }, { session });
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
  return callLegacy(INDICATORS.columns, { menuSeq, eiSeq }, { session });
}

/** `pageMenuSeq`: the indicator page the indicator must be on (our extension; ADR 0058). */
export async function saveMenuColumns(session: TokenHolder, data: { eiSeq: number; menuSeq: number; clms: string[]; pageMenuSeq: number }): Promise<string> {
  return (await callLegacy(INDICATORS.editMenu, data, { session })).message;
}

export async function deleteCard(session: TokenHolder, eiSeq: number, menuSeq: number, pageMenuSeq: number): Promise<string> {
  return (await callLegacy(INDICATORS.deleteMenu, { eiSeq, menuSeq, pageMenuSeq }, { session })).message;
}
