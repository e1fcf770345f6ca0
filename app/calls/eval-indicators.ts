/**
 * P15 evaluation indicators (spec 000 §7 "Evaluation indicators"; docs/contract.md "Evaluation
 * indicators") and the configured columns of an evaluation's menu (spec 001 §7
 * getEvalColumnsList.do): one definition per call, with the wire schemas in the spec's shape
 * (eiSeq, evalIndctNm, evalStnd; cards menuSeq, menuNm, menuUrl, excelUrl, menuTy; columns clmSeq,
 * clmNm). What the spec does not name (years, the ticked columns of a card, a report's last sync,
 * chkYn, pageMenuSeq) is optional.
 */
import { z } from "zod";
import { flag, key, list, listOf, maybeText, messageReply, num, numberList, obj, text, wireEvalColumn } from "~/legacy/wire";
import { defineCall } from "./define";

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

export const INDICATORS = {
  /** the indicators of an indicator page */
  list: defineCall("/api/eval/evalIndctList.do", { spec: "spec 000 §7", request: z.object({ menuSeq: z.number() }), reply: listOf(wireIndicator) }),
  /**
   * adds (no eiSeq) or edits an indicator (auth: the ticked authority types joined with ','), or
   * deletes one (mode 'D' with menuSeq and eiSeq only); the whole reply is read (message, result.eiSeq)
   */
  save: defineCall("/api/eval/editEvalIndct.do", {
    spec: "spec 000 §7",
    request: z.object({
      menuSeq: z.number(),
      eiSeq: z.number().optional(),
      evalIndctNm: z.string().optional(),
      evalStnd: z.string().optional(),
      years: z.array(z.number()).optional(),
      authTyList: z.array(z.string()).optional(),
      auth: z.string().optional(),
      mode: z.string().optional(),
    }),
    reply: obj({ message: text, result: obj({ eiSeq: num }).nullish() }),
    whole: true,
  }),
  /** an indicator with its cards as an indicator page holds it */
  cards: defineCall("/api/eval/getEvalInfoAll.do", { spec: "spec 000 §7", request: z.object({ menuSeq: z.number(), eiSeq: z.number() }), reply: obj({ info: wireIndicator, list: list(wireCard) }) }),
  /** a menu's columns (with eiSeq, which of them the indicator's card has ticked) */
  columns: defineCall("/api/eval/getClmList.do", { spec: "spec 000 §7", request: z.object({ menuSeq: z.number(), eiSeq: z.number().optional() }), reply: listOf(wireColumn) }),
  /** a card's ticked columns; pageMenuSeq, the indicator page the indicator must be on, is ours (ADR 0058) */
  editMenu: defineCall("/api/eval/editMenu.do", { spec: "spec 000 §7", request: z.object({ eiSeq: z.number(), menuSeq: z.number(), clms: z.array(z.string()), pageMenuSeq: z.number() }), reply: messageReply, whole: true }),
  /** removes a card (pageMenuSeq as for editMenu) */
  deleteMenu: defineCall("/api/eval/deleteEvalIndctMenu.do", { spec: "spec 000 §7", request: z.object({ eiSeq: z.number(), menuSeq: z.number(), pageMenuSeq: z.number() }), reply: messageReply, whole: true }),
  /** the configured columns of an evaluation's menu, for a list reply without `columns` (spec 001 §7) */
  evalColumns: defineCall("/api/eval/getEvalColumnsList.do", { spec: "spec 001 §7", request: z.object({ eiSeq: z.number(), menuSeq: z.number(), year: z.number() }), reply: listOf(wireEvalColumn) }),
} as const;
