/**
 * The survey list's loader and action (P10, `/survey`) on the list kit. Kept out of the route
 * module: a kit call at a route module's top level would stay in the browser bundle, where the
 * server modules it needs are empty, and the page would not hydrate.
 */
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG } from "~/schemas/messages.ko";
import { listAction, rowIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText } from "~/utils/list-url";
import { surveyLink } from "~/utils/url";

const KEY = "srSeq";

export const surveyListLoader = listLoader({
  key: KEY,
  filter: (url) => ({ searchTxt: readText(url, "searchTxt") }),
  sortable: ["srName", "qestCnt", "usyn", "status", "userNm", "regDt"],
  list: (ctx, { year, filter, query }) => surveyApi.surveyList(ctx.session, { searchTxt: filter.searchTxt, year, ...query }),
  // the copy-link dialog without JavaScript: the link to select and copy by hand
  dialog: async (_ctx, { kind, seq, record }, { url }) => (kind === "preview" && seq && record ? { srName: String(record.srName), url: surveyLink(url.origin, seq) } : null),
  more: (_ctx, { url }) => url.origin,
});

export const surveyListAction = listAction({
  intents: {
    copy: rowIntent({
      key: KEY,
      run: async (session, seq) => ((await surveyApi.copySurvey(session, seq)) ? { text: MSG.copied, kind: "info" } : { text: MSG.surveyCopyFailed, kind: "error" }),
    }),
  },
});

