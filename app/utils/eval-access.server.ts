/**
 * Who may open a screen in evaluation mode (spec 000 §2 indicator cards, spec 001 §1 and §9,
 * spec 002 §1; ADR 0058). An evaluation-mode request is
 * - a page `{route}/{eiSeq}/{menuSeq}/{year}` of a screen that has an evaluation mode, or
 * - that screen's Excel download `{route}/excel?eiSeq=&menuSeq=&year=` (the reports' download is
 *   judged on `{report path}/excel?…`, routes/__report.server.ts).
 * It opens, read-only, for a user whose menu list has the indicator page that indicator `eiSeq`
 * belongs to, when that indicator has a card for menu `menuSeq` and that card's screen is `route`;
 * an indicator the user's indicator pages do not hold, or a card that is not there or is another
 * screen's, is 404; a user without any indicator page is refused like any other path outside the
 * menu list. The user's own menus play no part: the evaluation is what opens the page.
 *
 * The indicator's cards are read with getEvalInfoAll.do (one call per indicator page the user has,
 * until one holds the indicator), kept a minute per session like the menu list.
 */
import * as indicatorApi from "~/legacy/endpoints/eval-indicators.server";
import { scoped, shortCache } from "~/legacy/short-cache.server";
import type { WireMenu } from "~/legacy/wire";
import { offeredColumns } from "~/schemas/eval-columns";
import { INDICATOR_PATH } from "~/schemas/eval-indicators";
import type { Session } from "./session.server";

export interface EvalAsk {
  /** the screen's path (its menu url) */
  route: string;
  eiSeq: number;
  menuSeq: number;
}

const NUM = /^[1-9][0-9]{0,9}$/;

/**
 * Screens with an evaluation route but no columns to offer (PBL 튜터 평가): no card can name
 * them, so their evaluation URLs are judged like the others' (and are 404).
 */
const NO_COLUMNS: readonly string[] = ["/insert/eval/tutor"];
const hasEvalMode = (route: string) => NO_COLUMNS.includes(route) || offeredColumns(route).length > 0;

/** The evaluation a request asks for, or null when it is not an evaluation-mode request. */
export function evalAskOf(url: URL): EvalAsk | null {
  const path = url.pathname.replace(/\/+$/, "");
  const page = /^(\/.+)\/([0-9]+)\/([0-9]+)\/([0-9]+)$/.exec(path);
  if (page && hasEvalMode(page[1])) return { route: page[1], eiSeq: Number(page[2]), menuSeq: Number(page[3]) };
  const eiSeq = url.searchParams.get("eiSeq");
  const menuSeq = url.searchParams.get("menuSeq");
  if (!path.endsWith("/excel") || eiSeq === null || menuSeq === null) return null;
  // the upload template is entry mode's (spec 002 §1: sample download hidden in evaluation mode)
  if (url.searchParams.get("type") === "template") return null;
  const route = path.slice(0, -"/excel".length);
  if (!hasEvalMode(route)) return null;
  // a malformed number is an evaluation of nothing: 404 (menuSeq 0 matches no card)
  return { route, eiSeq: NUM.test(eiSeq) ? Number(eiSeq) : 0, menuSeq: NUM.test(menuSeq) ? Number(menuSeq) : 0 };
}

type Cards = { menuSeq: number; menuUrl: string }[];

/** An indicator's cards read through one indicator page: null when that page does not hold it. */
const cardCache = shortCache<Cards | null>(60_000);

function cardsOn(session: Session, pageMenuSeq: number, eiSeq: number): Promise<Cards | null> {
  return scoped(cardCache, session, `eval-cards|${pageMenuSeq}|${eiSeq}`, async () => {
    const info = await indicatorApi.indicatorOnPage(session, pageMenuSeq, eiSeq);
    return info && info.list.map((c) => ({ menuSeq: c.menuSeq, menuUrl: c.menuUrl.split("?")[0] }));
  });
}

/** The indicator pages in a menu list (`/eval/indicator/{menuSeq}`). */
function indicatorPages(menus: readonly WireMenu[]): number[] {
  return menus.flatMap((m) => {
    const u = (m.menuUrl ?? "").split("?")[0].replace(/\/+$/, "");
    return u === `${INDICATOR_PATH}/${m.menuSeq}` ? [m.menuSeq] : [];
  });
}

/** 'open' (read-only), 'missing' (404) or 'refused' (not the user's: the menu guard's answer). */
export async function evalVerdict(session: Session, ask: EvalAsk, menus: readonly WireMenu[]): Promise<"open" | "missing" | "refused"> {
  const pages = indicatorPages(menus);
  if (!pages.length) return "refused";
  if (!ask.eiSeq || !ask.menuSeq) return "missing";
  for (const page of pages) {
    const cards = await cardsOn(session, page, ask.eiSeq);
    if (!cards) continue;
    return cards.some((c) => c.menuSeq === ask.menuSeq && c.menuUrl === ask.route) ? "open" : "missing";
  }
  return "missing";
}
