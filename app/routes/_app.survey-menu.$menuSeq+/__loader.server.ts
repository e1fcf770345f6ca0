/**
 * P07 survey list page of a SURVEY menu (`/survey-menu/{menuSeq}`; spec 000 §2 "Survey list page",
 * §4 "Survey link", §7 getSurveyList.do {menuSeq}, linkSurvey.do) on the list kit: the surveys
 * linked to the menu, of the year, searched by name. The copy-link dialog without JavaScript is
 * `?dialog=preview&srSeq=`. The survey-link dialog is `?dialog=link[&linkPage=n]`: the year's
 * surveys, 10 a page with its own pager; 'link' posts `intent=link` with the survey: a survey
 * already linked (linkYn Y) is refused with '이미 메뉴에 연결된 설문입니다.', one that is not
 * asks first (the kit's confirmation step, with and without JavaScript), then linkSurvey.do.
 */
import { json, redirect } from "@remix-run/node";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { needsConfirmation } from "~/utils/confirm.server";
import type { UserContext } from "~/utils/context.server";
import { menusOf } from "~/utils/guard.server";
import { backToList, listAction } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { pageOf, readText } from "~/utils/list-url";
import { seqParam, surveyLink } from "~/utils/url";
import { orLegacy } from "~/utils/legacy-errors.server";

export const SURVEY_MENU_PATH = "/survey-menu";
const KEY = "srSeq";
/** spec 000 §9: the survey-link dialog shows 10 rows a page */
export const LINK_PAGE_SIZE = 10;

/** A survey of the link dialog. */
export interface LinkRow {
  srSeq: number;
  srName: string;
  status: string;
  userNm: string;
  regDt: string;
  linkYn: string;
}

export interface SurveyMenuMore {
  menuSeq: number;
  menuNm: string;
  origin: string;
  /** the survey-link dialog when it is open */
  link: { rows: LinkRow[]; page: number; total: number } | null;
}

/** The menu of the page (`/survey-menu/{menuSeq}`); another path is 404. */
function menuSeqOf(url: URL): number {
  const seq = seqParam(/^\/survey-menu\/([^/]+)/.exec(url.pathname)?.[1]);
  if (!seq) throw new Response("Not Found", { status: 404 });
  return seq;
}

export const surveyMenuLoader = listLoader({
  key: KEY,
  filter: (url) => ({ searchTxt: readText(url, "searchTxt") }),
  sortable: ["srName", "qestCnt", "usyn", "status", "userNm", "regDt"],
  list: (ctx, { url, year, filter, query }) => surveyApi.surveyList(ctx.session, { searchTxt: filter.searchTxt, year, menuSeq: menuSeqOf(url), ...query }),
  // the copy-link dialog without JavaScript: the link to select and copy by hand
  dialog: async (_ctx, { kind, seq, record }, { url }) => (kind === "preview" && seq && record ? { srName: String(record.srName), url: surveyLink(url.origin, seq) } : null),
  more: async (ctx, { url, year }): Promise<SurveyMenuMore> => {
    const menuSeq = menuSeqOf(url);
    const menu = (await menusOf(ctx.session)).find((m) => Number(m.menuSeq) === menuSeq);
    let link: SurveyMenuMore["link"] = null;
    if (url.searchParams.get("dialog") === "link") {
      const all = (await surveyApi.surveyList(ctx.session, { searchTxt: "", year })).list;
      const pages = Math.max(1, Math.ceil(all.length / LINK_PAGE_SIZE));
      const page = Math.min(seqParam(url.searchParams.get("linkPage")) ?? 1, pages);
      const rows = pageOf(all, page, LINK_PAGE_SIZE).map((s) => ({ srSeq: s.srSeq, srName: s.srName, status: s.status, userNm: s.userNm, regDt: s.regDt, linkYn: s.linkYn }));
      link = { rows, page, total: all.length };
    }
    return { menuSeq, menuNm: menu?.menuNm ?? "설문", origin: url.origin, link };
  },
});

/** A refusal shown in the link dialog (not the page's '알림': the dialog is in front of it). */
const linkRefused = (message: string, status = 400) => json({ linkAlert: message, fieldErrors: {}, repopulateFields: {} }, { status });

async function link(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const srSeq = seqParam(String(form.get(KEY) ?? ""));
  if (!srSeq) return linkRefused(OWN_MSG.badRequest);
  return orLegacy(async () => {
    // spec 000 §4: a survey with linkYn Y cannot be linked again; N asks first
    const info = await surveyApi.surveyInfo(ctx.session, srSeq);
    if (info.linkYn === "Y") return linkRefused(OWN_MSG.surveyAlreadyLinked, 409);
    const confirm = needsConfirmation(form, "link");
    if (confirm) return confirm;
    const message = await surveyApi.linkSurvey(ctx.session, menuSeqOf(url), srSeq);
    ctx.session.flash(message || OWN_MSG.surveyLinked, "info");
    return redirect(backToList(url, [KEY, "linkPage"]));
  }, (message) => linkRefused(message));
}

export const surveyMenuAction = listAction({ intents: { link } });
