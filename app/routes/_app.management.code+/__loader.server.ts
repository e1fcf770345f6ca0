/**
 * P17 공통코드 관리 (spec 000 §2, §3, §4, §5 "Code", §7 "Codes"; issue 16; ADR 0040), administrators
 * only (withAdmin): the category list on the kit (`?value=` searches) and the register/edit page
 * (`/management/code/registration?cmmnCd=&year=`): the category name, the year's two-level tree
 * (a native form: saved rows, blank rows, 'add rows' re-renders with the input kept; usage N on a
 * saved code asks first, cancelling puts Y back), the load from another year and the history.
 * Codes saved here are what every screen's selects read (code lists are cached a minute per
 * session and any post clears that cache: legacy/short-cache.server.ts).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as api from "~/legacy/endpoints/code.server";
import { fillMessage, MSG, OWN_MSG } from "~/schemas/messages.ko";
import { BLANK_ROWS, blankRow, checkCodeRows, CODE_FORM_PATH, readCodeRows, revertUsage, rowsOfTree, treeOfRows, turnedOff, type CodeRow } from "./__schema";
import { audit } from "~/utils/audit.server";
import { readForm, withAdmin } from "~/utils/context.server";
import { listLoader } from "~/utils/list-loader.server";
import { listYears, readText } from "~/utils/list-url";
import { clientAddress } from "~/utils/rate-limit.server";
import { seoulYear } from "~/utils/time";
import { orLegacy } from "~/utils/legacy-errors.server";

const GROUP_RE = /^[0-9]{10}$/;

export const codeListLoader = listLoader({
  admin: true,
  key: "cmmnCd",
  filter: (url) => ({ value: readText(url) }),
  sortable: ["cmmnCd", "cmmnNm", "regCnt", "usyn"],
  list: (ctx, { filter }) => api.listCodeGroups(ctx.session, filter.value),
});

export interface CodeFormData {
  group: { cmmnCd: string; cmmnNm: string; usyn: string } | null;
  year: number;
  years: number[];
  rows: CodeRow[];
  /** the saved level-1 codes: a new row's parent choices */
  parents: { id: string; label: string }[];
  history: api.WireCodeHistory[];
  loadError: string | null;
}

/** The code years offered: the first list year … next year, and every year that has codes. */
function codeYears(stored: readonly number[]): number[] {
  const now = seoulYear();
  return [...new Set([...listYears(now + 1), ...stored])].sort((a, b) => b - a);
}

function readYear(url: URL): number {
  const y = Number(url.searchParams.get("year"));
  return Number.isInteger(y) && y >= 2000 && y <= 2999 ? y : seoulYear();
}

export function codeFormLoader(args: LoaderFunctionArgs) {
  return withAdmin(args, async (ctx) => {
    const url = new URL(args.request.url);
    const cmmnCd = url.searchParams.get("cmmnCd") ?? "";
    const year = readYear(url);
    const empty: CodeFormData = { group: null, year, years: codeYears([]), rows: [], parents: [], history: [], loadError: null };
    if (!GROUP_RE.test(cmmnCd)) return json(empty);
    return orLegacy(async () => {
      const [info, history] = await Promise.all([api.codeInfo(ctx.session, cmmnCd, year), api.codeHistory(ctx.session, cmmnCd, year)]);
      const data: CodeFormData = {
        group: { cmmnCd: info.info.cmmnCd, cmmnNm: info.info.cmmnNm, usyn: info.info.usyn || "Y" },
        year,
        years: codeYears(info.yearList),
        rows: rowsOfTree(info.list),
        parents: info.list.map((n) => ({ id: n.data.id, label: n.data.label })),
        history,
        loadError: null,
      };
      return json(data);
    }, (message) => json({ ...empty, loadError: message }));
  });
}

/** A reply that shows the tree again with what was posted (and blank rows to add more). */
const treeReply = (rows: CodeRow[], extra: Record<string, unknown> = {}, status = 200) => json({ rows, stamp: Date.now(), ...extra }, { status });

export function codeFormAction(args: ActionFunctionArgs) {
  return withAdmin(args, async (ctx) => {
    const form = await readForm(args.request, ctx.session);
    const url = new URL(args.request.url);
    const cmmnCd = String(form.get("cmmnCd") ?? "");
    const year = Number(form.get("year")) || seoulYear();
    // a confirmed step posts `confirm`: the category's usage question ('info') or the tree's ('save')
    const confirmed = String(form.get("confirm") ?? "");
    const intent = confirmed === "info" ? "info" : confirmed ? "save" : String(form.get("intent") ?? "");
    const back = (c: string) => `${CODE_FORM_PATH}?cmmnCd=${c}&year=${year}`;
    return orLegacy(async () => {
      if (intent === "info") {
        const cmmnNm = String(form.get("cmmnNm") ?? "").trim();
        const usyn = form.get("usyn") === "N" ? "N" : "Y";
        if (!cmmnNm) return json({ infoAlert: MSG.codeGroupRequired, cmmnNm, usyn }, { status: 400 });
        // usage N on a category in use takes all its codes out of every screen: asked first (spec 000 §4)
        if (GROUP_RE.test(cmmnCd) && usyn === "N" && form.get("storedUsyn") === "Y" && confirmed !== "info") {
          return json({ infoConfirm: true, cmmnNm, usyn });
        }
        const saved = await api.saveCodeGroup(ctx.session, { cmmnNm, usyn, ...(GROUP_RE.test(cmmnCd) ? { cmmnCd } : {}) });
        ctx.session.flash(GROUP_RE.test(cmmnCd) ? MSG.updated : MSG.registered, "info");
        return redirect(saved ? back(saved) : url.pathname);
      }
      if (!GROUP_RE.test(cmmnCd)) return json({ alert: OWN_MSG.badRequest }, { status: 400 });
      if (intent === "copy") {
        const from = Number(form.get("copyYear"));
        if (!Number.isInteger(from) || from < 2000) return json({ copyAlert: MSG.codeCopyYearRequired }, { status: 400 });
        const counts = await api.copyCodes(ctx.session, { cmmnCd, year: from, afterYear: year });
        // nothing loaded says why (issue 35 §7: it said '복사 되었습니다.' and changed nothing)
        if (counts && counts.copied === 0) {
          const why = counts.kept === 0 ? OWN_MSG.codeCopyNothing : OWN_MSG.codeCopyAllPresent;
          return json({ copyAlert: fillMessage(why, { from, to: year }), copyYear: String(from) }, { status: 409 });
        }
        ctx.session.flash(counts && counts.kept > 0 ? fillMessage(OWN_MSG.codeCopyPartial, { from, to: year, copied: counts.copied, kept: counts.kept }) : MSG.copied, "info");
        return redirect(back(cmmnCd));
      }
      const rows = readCodeRows(form);
      if (intent === "addRows") return treeReply([...rows, ...Array.from({ length: BLANK_ROWS }, blankRow)]);
      if (intent === "cancelUsage") return treeReply(revertUsage(rows));
      if (intent !== "save") return json({ alert: OWN_MSG.badRequest }, { status: 400 });
      const bad = checkCodeRows(rows);
      if (bad) return treeReply(rows, { alert: bad.message, badRow: bad.index }, 400);
      // usage N on a saved code applies to the whole system: asked first (spec 000 §4)
      if (turnedOff(rows).length && form.get("confirm") !== "save") return treeReply(rows, { confirm: "usage" });
      await api.saveCodeTree(ctx.session, { cmmnCd, year, data: treeOfRows(rows) });
      await audit({ userId: ctx.user.userId, address: clientAddress(args.context) }, { action: "admin", target: `${CODE_FORM_PATH} cmmnCd=${cmmnCd}`, detail: `${year}년 코드 저장` });
      ctx.session.flash(MSG.saved, "info");
      return redirect(back(cmmnCd));
    }, (message) => {
      // each dialog shows its own message; the tree comes back as typed
      if (intent === "copy") return json({ copyAlert: message }, { status: 400 });
      if (intent === "info") return json({ infoAlert: message, cmmnNm: String(form.get("cmmnNm") ?? ""), usyn: form.get("usyn") === "N" ? "N" : "Y" }, { status: 400 });
      return treeReply(readCodeRows(form), { alert: message }, 400);
    });
  });
}
