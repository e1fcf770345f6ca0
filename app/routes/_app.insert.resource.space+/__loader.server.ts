/**
 * E17 의과대학 공간 현황 (spec 002 §2 screen 17, §4, §5 "Space status", §7; ADR 0041): the page's
 * loader (the year of the URL, 2024 … this year; the tab of the URL, `?tab=fcl` … `mngr`), its
 * action and the template's resource route.
 *
 * Each tab is a native form posting its fields as the wire names them (the nested values are the
 * save call's body). The action's intents:
 * - `addRow:<list>:<blank>` / `removeRow:<list>:<index>`: the tab comes back with every typed
 *   value and one row more or less (the no-JavaScript 'add row'; with JavaScript the same post);
 * - `save`: the tab's schema (every rule of §5 and reset of §4), then the question '저장
 *   하시겠습니까?' (without JavaScript a step in the page; with it the dialog asked already and
 *   the post carries `confirm=save`), then the call and back to the tab with '저장 되었습니다.',
 *   which reloads the data; a refusal (here or the server's) re-renders the tab from the posted
 *   values with the message;
 * - `excelUpload`: the one Excel upload (the year's sheet of every tab).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as api from "./__calls.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { yearRangeMessage } from "~/schemas/rules";
import { BLANK_ROWS, ROW_LISTS, SPACE_FIRST_YEAR, SPACE_PATH, SPACE_SCHEMAS, SPACE_TITLE, isSpaceTab, nestForm, spaceProblem, tabValues, type SpaceLoaderData, type SpaceReply, type SpaceTab } from "./__schema";
import { audit } from "~/utils/audit.server";
import { withUser } from "~/utils/context.server";
import { excelDownload } from "~/utils/excel-download.server";
import { UPLOAD_TIMEOUT_MS } from "~/utils/list-action.server";
import { orMessage } from "~/utils/list-loader.server";
import { readYear, yearRange } from "~/utils/list-url";
import { clientAddress } from "~/utils/rate-limit.server";
import { seoulYear } from "~/utils/time";
import { excelUploadReply, readMultipartForm } from "~/utils/upload.server";
import { legacyMessage, orLegacy } from "~/utils/legacy-errors.server";

/** spec 002 §2, §9: 2024 … this year. */
export const spaceYears = () => yearRange(SPACE_FIRST_YEAR, Math.max(seoulYear(), SPACE_FIRST_YEAR));
const tabOf = (v: unknown): SpaceTab => (isSpaceTab(v) ? v : "fcl");

export const spaceLoader = (args: LoaderFunctionArgs) =>
  withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const years = spaceYears();
    const year = readYear(url, years, seoulYear());
    const tab = tabOf(url.searchParams.get("tab"));
    const r = await orMessage(() => api.getSpaceData(ctx.session, year));
    return json<SpaceLoaderData>({ year, years, tab, values: r.value ? tabValues(tab, r.value) : null, error: r.error });
  });

const stamp = () => Math.random().toString(36).slice(2);
const again = (tab: SpaceTab, values: Record<string, unknown>, extra: Partial<SpaceReply> = {}, status = 200) => json<SpaceReply>({ tab, values, stamp: stamp(), ...extra }, { status });

/** `addRow:<list>:<blank>` or `removeRow:<list>:<index>` on one of the tab's lists (others are refused). */
function rowStep(tab: SpaceTab, values: Record<string, unknown>, intent: string): Response | null {
  const [step, list, arg] = intent.split(":");
  if (step !== "addRow" && step !== "removeRow") return null;
  const known = ROW_LISTS[tab].find((l) => l.list === list && (step === "removeRow" || l.blank === arg));
  if (!known) return again(tab, values, { alert: MSG.genericError }, 400);
  const rows = Array.isArray(values[list]) ? [...(values[list] as unknown[])] : [];
  if (step === "addRow" && rows.length < 100) rows.push({ ...BLANK_ROWS[known.blank as keyof typeof BLANK_ROWS] });
  if (step === "removeRow" && /^\d+$/.test(arg ?? "")) rows.splice(Number(arg), 1);
  return again(tab, { ...values, [list]: rows });
}

export const spaceAction = (args: ActionFunctionArgs) =>
  withUser(args, async (ctx) => {
    const form = await readMultipartForm(args.request, ctx.session);
    const address = clientAddress(args.context);
    const intent = String(form.get("confirm") ?? form.get("intent") ?? "");
    const years = spaceYears();
    const asked = Number(form.get("year"));
    const year = years.includes(asked) ? asked : seoulYear();
    if (intent === "excelUpload") {
      return excelUploadReply(form, (file) => api.uploadSpaceExcel(ctx.session, year, file, UPLOAD_TIMEOUT_MS), { year });
    }
    const tab = tabOf(form.get("tab"));
    const values = nestForm(form.entries());
    delete values.year;
    const step = rowStep(tab, values, intent);
    if (step) return step;
    if (intent !== "save") return again(tab, values, { alert: MSG.genericError }, 400);
    // the tab is saved into the year the page shows (ADR 0062): a year outside the list is refused
    // with what is allowed (it was saved into this year), another year than the URL's is refused
    if (!years.includes(asked)) return again(tab, values, { alert: yearRangeMessage(years[years.length - 1], years[0]) }, 400);
    const shown = new URL(args.request.url).searchParams.get("year");
    if (shown && Number(shown) !== asked) return again(tab, values, { alert: OWN_MSG.spaceOtherYear }, 404);
    const problem = spaceProblem(tab, { ...values, year });
    if (problem) return again(tab, values, { alert: problem }, 422);
    if (form.get("confirm") !== "save") return again(tab, values, { confirm: "save" });
    return orLegacy(async () => {
      const message = await api.saveSpaceTab(ctx.session, tab, SPACE_SCHEMAS[tab].parse({ ...values, year }));
      await audit({ userId: ctx.user.userId, address }, { action: "recordChange", target: `${SPACE_PATH} ${year} ${tab}`, detail: SPACE_TITLE });
      ctx.session.flash(message || MSG.saved, "info");
      return redirect(`${SPACE_PATH}?year=${year}&tab=${tab}`);
    }, (_, e) => again(tab, values, { alert: legacyMessage(e, { fallbackMessage: MSG.createFailed }) }, 400));
  });

/** The template (the year's sheet of every tab); a year without grade codes comes back with the server's message. */
export const spaceExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: SPACE_PATH,
    years: spaceYears,
    // the template is the year's sheet: asked for a year outside 2024 … this year (or none), it says so
    yearRequired: "always",
    template: async (session, _url, year) => ({ res: await api.downloadSpaceTemplate(session, year), name: `${SPACE_TITLE}_${year}_양식.xlsx` }),
    download: async (session, _url, year) => ({ res: await api.downloadSpaceTemplate(session, year), name: `${SPACE_TITLE}_${year}_양식.xlsx` }),
    failure: (e) => e.serverMessage || MSG.excelDownloadFailed,
  });
