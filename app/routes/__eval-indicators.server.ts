/**
 * P15 evaluation indicator input (spec 000 §2, §4, §5, §7 "Evaluation indicators"; ADR 0039): the
 * page's loader and action. URL state: `?ei=` the selected indicator (`?ei=new` the register form),
 * `?dialog=add&ei=&l1=&l2=&m=` the 'add data' dialog's three-level drill-down of the data menus
 * (links) and the chosen menu's columns (a post), `?dialog=delete-menu&ei=&m=` a card's delete
 * question. The indicator is saved and deleted with the kit's confirmation (ConfirmSubmit).
 */
import { FOCUS_PARAM } from "~/utils/focus-return";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/eval-indicators.server";
import type { WireMenu } from "~/legacy/wire";
import { excelHrefOf, isReport, offeredColumns } from "~/schemas/eval-columns";
import { excelYearsOk, INDICATOR_PATH, indicatorOpenerKey, indicatorOrder, indicatorSchemaOf, menuColumnsOrder, menuColumnsSchema, yearsLabel } from "~/schemas/eval-indicators";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { needsConfirmation, intentOf } from "~/utils/confirm.server";
import { readForm, withUser, type UserContext } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { listYears } from "~/utils/list-url";
import { seoulYear } from "~/utils/time";
import { seqParam } from "~/utils/url";
import { readXlsxRows, xlsxResponse } from "~/utils/excel.server";
import { peopleExcelLoader } from "./__people.server";
import { reportExcelLoader } from "./__report.server";
import { loader as analysisExcel } from "./_app.eval.monitor.analysis+/_.excel";
import { loader as committeeExcel } from "./_app.insert.commission.CommissionList+/_.excel";
import { loader as lawExcel } from "./_app.insert.eval.medical-law+/_.excel";
import { loader as safetyExcel } from "./_app.insert.eval.patient-safety+/_.excel";
import { loader as relearningExcel } from "./_app.insert.eval.relearning+/_.excel";
import { loader as achievementExcel } from "./_app.insert.professor.archive+/_.excel";
import { loader as seminarExcel } from "./_app.insert.professor.seminar+/_.excel";
import { loader as awardsExcel } from "./_app.insert.student.awards+/_.excel";
import { loader as medicalExcel } from "./_app.insert.student.medical+/_.excel";
import { loader as volunteerExcel } from "./_app.insert.student.volunteer+/_.excel";
import { orLegacy, orRedirect } from "~/utils/legacy-errors.server";

/** The record lists' Excel resource routes (evaluation mode: eiSeq, menuSeq, year), by path. */
const LIST_EXCEL: Record<string, (args: LoaderFunctionArgs) => Promise<Response> | Response> = {
  "/eval/monitor/analysis/excel": analysisExcel,
  "/insert/commission/CommissionList/excel": committeeExcel,
  "/insert/eval/medical-law/excel": lawExcel,
  "/insert/eval/patient-safety/excel": safetyExcel,
  "/insert/eval/relearning/excel": relearningExcel,
  "/insert/professor/archive/excel": achievementExcel,
  "/insert/professor/seminar/excel": seminarExcel,
  "/insert/student/awards/excel": awardsExcel,
  "/insert/student/medical/excel": medicalExcel,
  "/insert/student/volunteer/excel": volunteerExcel,
};

export interface IndicatorItem {
  eiSeq: number;
  evalIndctNm: string;
}

export interface IndicatorCard {
  menuSeq: number;
  menuNm: string;
  upMenuNm: string;
  columns: string[];
  /** the screen in evaluation mode: `{route}/{eiSeq}/{menuSeq}/{year}` */
  goTo: string;
  /** the screen's Excel download in evaluation mode; null when it needs one year (menu 78) or has none */
  excel: string | null;
  /** false for a screen without an Excel download (PBL 튜터 평가): no link, no one-year note */
  hasExcel: boolean;
  lastSyncTime: string | null;
  report: boolean;
}

export interface MenuChoice {
  menuSeq: number;
  menuNm: string;
}

export interface AddDialogData {
  eiSeq: number;
  levels: { l1: MenuChoice[]; l2: MenuChoice[]; l3: MenuChoice[] };
  chosen: { l1: number | null; l2: number | null; m: number | null; menuNm: string };
  /** the chosen menu's columns (null: none chosen yet) */
  columns: { clm: string; clmNm: string; checked: boolean }[] | null;
}

export interface IndicatorPageData {
  menuSeq: number;
  title: string;
  indicators: IndicatorItem[];
  selected: { eiSeq: number | null; evalIndctNm: string; evalStnd: string; years: number[] } | null;
  cards: IndicatorCard[];
  yearChoices: number[];
  dialog: { kind: "add"; data: AddDialogData } | { kind: "delete-menu"; card: IndicatorCard } | null;
  /** a load failure's message */
  alert: string | null;
}

const pageOf = (menuSeq: number) => `${INDICATOR_PATH}/${menuSeq}`;

/** The year a card's go-to link and Excel download open: the latest chosen, or this year for all. */
export const cardYear = (years: readonly number[]) => (years.length ? years[years.length - 1] : seoulYear());

/** The data menus of the user's menu list that offer columns, as the three levels the dialog drills through. */
function dataMenus(menus: readonly WireMenu[]) {
  const leaves = menus.filter((m) => m.menuLvl === 3 && offeredColumns(m.menuUrl).length > 0);
  const groups = menus.filter((m) => m.menuLvl === 2 && leaves.some((l) => l.upprMenuSeq === m.menuSeq));
  const tops = menus.filter((m) => m.menuLvl === 1 && groups.some((g) => g.upprMenuSeq === m.menuSeq));
  return { tops, groups, leaves };
}

const choice = (m: WireMenu): MenuChoice => ({ menuSeq: m.menuSeq, menuNm: m.menuNm });

async function addDialog(ctx: UserContext, url: URL, eiSeq: number): Promise<AddDialogData> {
  const { tops, groups, leaves } = dataMenus(ctx.menus ?? []);
  const m = leaves.find((x) => x.menuSeq === seqParam(url.searchParams.get("m"))) ?? null;
  const l2 = groups.find((g) => g.menuSeq === (m?.upprMenuSeq ?? seqParam(url.searchParams.get("l2")))) ?? null;
  const l1 = tops.find((t) => t.menuSeq === (l2?.upprMenuSeq ?? seqParam(url.searchParams.get("l1")))) ?? null;
  let columns: AddDialogData["columns"] = null;
  if (m) {
    const r = await api.menuColumns(ctx.session, m.menuSeq, eiSeq);
    columns = r.list.map((c) => ({ clm: c.clmSeq, clmNm: c.clmNm, checked: c.chkYn === "Y" }));
  }
  return {
    eiSeq,
    levels: {
      l1: tops.map(choice),
      l2: l1 ? groups.filter((g) => g.upprMenuSeq === l1.menuSeq).map(choice) : [],
      l3: l2 ? leaves.filter((x) => x.upprMenuSeq === l2.menuSeq).map(choice) : [],
    },
    chosen: { l1: l1?.menuSeq ?? null, l2: l2?.menuSeq ?? null, m: m?.menuSeq ?? null, menuNm: m?.menuNm ?? "" },
    columns,
  };
}

export function indicatorLoader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const menuSeq = seqParam(args.params.menuSeq);
    if (!menuSeq) throw new Response("Not Found", { status: 404 });
    const url = new URL(args.request.url);
    const title = ctx.menus?.find((m) => m.menuSeq === menuSeq)?.menuNm ?? "평가지표";
    const base: IndicatorPageData = { menuSeq, title, indicators: [], selected: null, cards: [], yearChoices: [...listYears()].sort((a, b) => a - b), dialog: null, alert: null };
    // the page keeps what it read and shows the server's message in its '알림' region
    return orLegacy(async () => {
      const list = (await api.listIndicators(ctx.session, menuSeq)).list;
      base.indicators = list.map((i) => ({ eiSeq: i.eiSeq, evalIndctNm: i.evalIndctNm }));
      const ei = url.searchParams.get("ei");
      if (ei === "new") {
        base.selected = { eiSeq: null, evalIndctNm: "", evalStnd: "", years: [] };
        return json(base);
      }
      const eiSeq = seqParam(ei) ?? list[0]?.eiSeq ?? null;
      if (!eiSeq) return json(base);
      const info = await api.indicatorInfo(ctx.session, menuSeq, eiSeq);
      const years = [...info.info.years].sort((a, b) => a - b);
      base.selected = { eiSeq, evalIndctNm: info.info.evalIndctNm, evalStnd: info.info.evalStnd, years };
      const year = cardYear(years);
      base.cards = info.list.map((c) => ({
        menuSeq: c.menuSeq,
        menuNm: c.menuNm,
        upMenuNm: c.upMenuNm ?? "",
        columns: c.clms.map((x) => x.clmNm),
        goTo: `${c.menuUrl}/${eiSeq}/${c.menuSeq}/${year}`,
        excel: c.excelUrl && hasExcelRoute(c.menuUrl) && excelYearsOk(c.menuSeq, years) ? excelHrefOf(c.menuUrl, { eiSeq, menuSeq: c.menuSeq, year }) : null,
        hasExcel: Boolean(c.excelUrl) && hasExcelRoute(c.menuUrl),
        lastSyncTime: c.lastSyncTime ?? null,
        report: isReport(c.menuUrl),
      }));
      const dialog = url.searchParams.get("dialog");
      if (dialog === "add") base.dialog = { kind: "add", data: await addDialog(ctx, url, eiSeq) };
      if (dialog === "delete-menu") {
        const card = base.cards.find((c) => c.menuSeq === seqParam(url.searchParams.get("m")));
        if (card) base.dialog = { kind: "delete-menu", card };
      }
      return json(base);
    }, (alert) => json({ ...base, alert }));
  });
}

const indicatorValidator = () => withZod(indicatorSchemaOf(seoulYear()));
const menuValidator = withZod(menuColumnsSchema);

export function indicatorAction(args: ActionFunctionArgs) {
  return withUser(args, async (ctx) => {
    const menuSeq = seqParam(args.params.menuSeq);
    if (!menuSeq) throw new Response("Not Found", { status: 404 });
    const form = await readForm(args.request, ctx.session);
    const intent = intentOf(form);
    // the add dialog gives the focus back to its opener (ADR 0059: the posting URL's dialog, `?dialog=add&m=11` → add-11)
    const opener = indicatorOpenerKey(new URL(args.request.url).search);
    const back = (eiSeq?: number | null, focus?: string | null) => redirect(eiSeq ? `${pageOf(menuSeq)}?ei=${eiSeq}${focus ? `&${FOCUS_PARAM}=${focus}` : ""}` : pageOf(menuSeq));
    // the posted indicator is this page's (ADR 0058): indicator 1 of page 81 is not changed from page 82
    const posted = String(form.get("eiSeq") ?? "").trim();
    if (posted && (!seqParam(posted) || (await api.indicatorOnPage(ctx.session, menuSeq, Number(posted))) === null)) {
      return formFailure(form, OWN_MSG.indicatorNotFound, {}, {}, 404);
    }
    if (intent === "save") {
      const v = await validateForm(indicatorValidator(), form, indicatorOrder);
      if (!v.ok) return v.response;
      const asked = needsConfirmation(form, "save");
      if (asked) return asked;
      const authTyList = (ctx.user.authTy ?? "").split(",").filter((c) => c === "1" || c === "2");
      const r = await api.saveIndicator(ctx.session, { menuSeq, eiSeq: v.data.eiSeq, evalIndctNm: v.data.evalIndctNm, evalStnd: v.data.evalStnd, years: v.data.years, authTyList });
      ctx.session.flash(r.message || (v.data.eiSeq ? MSG.updated : MSG.created), "info");
      return back(r.eiSeq);
    }
    if (intent === "delete") {
      const eiSeq = seqParam(String(form.get("eiSeq") ?? ""));
      if (!eiSeq) return formFailure(form, OWN_MSG.indicatorNotFound);
      const asked = needsConfirmation(form, "delete");
      if (asked) return asked;
      ctx.session.flash((await api.deleteIndicator(ctx.session, menuSeq, eiSeq)) || MSG.deleted, "info");
      return back(null);
    }
    if (intent === "addMenu") {
      const v = await validateForm(menuValidator, form, menuColumnsOrder);
      if (!v.ok) return v.response;
      ctx.session.flash((await api.saveMenuColumns(ctx.session, { ...v.data, pageMenuSeq: menuSeq })) || MSG.added, "info");
      return back(v.data.eiSeq, opener);
    }
    if (intent === "deleteMenu") {
      const eiSeq = seqParam(String(form.get("eiSeq") ?? ""));
      const m = seqParam(String(form.get("m") ?? ""));
      if (!eiSeq || !m) return formFailure(form, OWN_MSG.badRequest);
      ctx.session.flash((await api.deleteCard(ctx.session, eiSeq, m, menuSeq)) || MSG.deleted, "info");
      // the card is gone: 데이터 추가 takes the focus (the question posts to the page without its dialog)
      return back(eiSeq, "add");
    }
    return formFailure(form, OWN_MSG.badRequest);
  });
}

// ---------------------------------------------------------------------------------------------
// The evidence workbook (ADR 0039): a cover sheet and one sheet per card
// ---------------------------------------------------------------------------------------------

/** A screen's Excel resource route: its loader and route params, by the download's path. */
export function excelRouteOf(pathname: string): { loader: (args: LoaderFunctionArgs) => Promise<Response> | Response; params: Record<string, string> } | null {
  if (pathname.startsWith("/report-excel/")) return { loader: reportExcelLoader, params: { "*": pathname.slice("/report-excel/".length) } };
  const people = /^\/insert\/(student|professor|tutor)\/document\/excel$/.exec(pathname);
  if (people) return { loader: peopleExcelLoader, params: { kind: people[1] } };
  const own = LIST_EXCEL[pathname];
  return own ? { loader: own, params: {} } : null;
}

/** Whether a screen has an Excel download route (PBL 튜터 평가 has none: its card shows no link). */
function hasExcelRoute(menuUrl: string): boolean {
  return excelRouteOf(new URL(excelHrefOf(menuUrl, { eiSeq: 1, menuSeq: 1, year: 1 }), "http://x").pathname) !== null;
}

/**
 * One card's rows for the years: the screen's own evaluation-mode download (exactly the ticked
 * columns) per year, read back; a year whose download fails (a redirect back) adds no rows.
 */
async function cardRows(args: LoaderFunctionArgs, href: string): Promise<Record<string, unknown>[]> {
  const url = new URL(href, args.request.url);
  const route = excelRouteOf(url.pathname);
  if (!route) return [];
  const request = new Request(url, { headers: { cookie: args.request.headers.get("cookie") ?? "" } });
  let res: Response;
  try {
    res = await route.loader({ ...args, request, params: route.params });
  } catch (e) {
    if (e instanceof Response) return [];
    throw e;
  }
  if (res.status !== 200) return [];
  const rows: Record<string, unknown>[] = [];
  for await (const r of readXlsxRows(new Uint8Array(await res.arrayBuffer()), { maxRows: 50_000 })) rows.push(r.cells);
  return rows;
}

const asCell = (v: unknown) => (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) && v.length < 15 ? Number(v) : (v as string | undefined));

export function evidenceLoader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const menuSeq = seqParam(args.params.menuSeq);
    const url = new URL(args.request.url);
    const eiSeq = seqParam(url.searchParams.get("ei"));
    if (!menuSeq || !eiSeq) throw new Response("Not Found", { status: 404 });
    // an indicator that is not there: back to the page with the message
    const info = await orRedirect(ctx.session, pageOf(menuSeq), () => api.indicatorInfo(ctx.session, menuSeq, eiSeq));
    const chosen = [...info.info.years].sort((a, b) => a - b);
    const years = chosen.length ? chosen : [...listYears()].sort((a, b) => a - b);
    const sheets = [];
    for (const card of info.list) {
      const columns = card.clms.map((c) => c.clmNm);
      const rows: Record<string, unknown>[] = [];
      if (card.menuUrl) for (const year of years) rows.push(...(await cardRows(args, excelHrefOf(card.menuUrl, { eiSeq, menuSeq: card.menuSeq, year }))));
      sheets.push({ sheetName: card.menuNm, columns: columns.map((h) => ({ header: h, value: (r: Record<string, unknown>) => asCell(r[h]) })), rows });
    }
    type Line = { item: string; value: string; sync: string };
    const cover: Line[] = [
      { item: "평가지표", value: info.info.evalIndctNm, sync: "" },
      { item: "평가준거", value: info.info.evalStnd, sync: "" },
      { item: "년도", value: yearsLabel(chosen), sync: "" },
      ...info.list.map((c) => ({ item: c.menuNm, value: c.clms.map((x) => x.clmNm).join(", "), sync: isReport(c.menuUrl) ? c.lastSyncTime ?? "-" : "" })),
    ];
    return xlsxResponse(`${info.info.evalIndctNm}_근거자료.xlsx`, {
      sheetName: OWN_MSG.evidenceCover,
      columns: [
        { header: "항목", width: 24, value: (l: Line) => l.item },
        { header: "내용", width: 80, value: (l: Line) => l.value },
        { header: "최종 동기화", width: 22, value: (l: Line) => l.sync },
      ],
      rows: cover,
      sheets,
    });
  });
}
