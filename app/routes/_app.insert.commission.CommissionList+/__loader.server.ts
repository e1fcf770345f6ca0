/**
 * R08 committees (spec 001 §2 "Committees", §5 "Committee and term", §7 "Committees", §8, §9):
 * the list's loader and action (also in evaluation mode) and the Excel resource route's loader,
 * on the list kit. The list is searched by name (`?value=`, the wire's cmtNm), not by year. The
 * dialogs are URL state: `?dialog=add`, `?dialog=edit&cmtSeq=` (filled from the list's row) and
 * `?dialog=delete&cmtSeq=`; each committee links to its detail (R09).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/committees.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { COMMITTEE_FIRST_YEAR, COMMITTEE_PATH, COMMITTEE_TITLE, committeeData, committeeOrder, committeeSchemaOf, formOfCommittee, type WireCommitteeRow } from "~/schemas/committees";
import type { UserContext } from "~/utils/context.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { validateForm, messageFailure } from "~/utils/form.server";
import { backToList, deleteIntent, listAction } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText, yearRange } from "~/utils/list-url";
import { seoulYear } from "~/utils/time";
import { orLegacy } from "~/utils/legacy-errors.server";

/** The committee dialog's data: its form values and the founding years (spec 001 §9: 1990 … this year). */
export interface CommitteeDialogData {
  mode: "add" | "edit";
  cmtSeq: number | null;
  values: Record<string, string>;
  foundingYears: number[];
}

const foundingYears = () => yearRange(COMMITTEE_FIRST_YEAR, seoulYear());

export const committeeLoader = listLoader({
  key: "cmtSeq",
  filter: (url) => ({ value: readText(url) }),
  sortable: ["year", "cmtNm", "oprSttNm", "termCnt", "regDt"],
  list: (ctx, { filter, ev, query }) => api.listCommittees(ctx.session, { cmtNm: filter.value, ...query, ...(ev ?? {}) }),
  dialog: async (_ctx, { kind, seq, record }): Promise<CommitteeDialogData | Record<string, unknown> | null> => {
    if (kind === "add") return { mode: "add", cmtSeq: null, values: { cmtSeq: "", year: "", cmtNm: "", oprStt: "" }, foundingYears: foundingYears() };
    if (kind === "delete") return record;
    if (kind !== "edit" || !record) return null;
    return { mode: "edit", cmtSeq: seq, values: formOfCommittee(record as unknown as WireCommitteeRow), foundingYears: foundingYears() };
  },
});

/** The field a server message belongs to (the backend checks the same rules: spec 001 §5). */
const FIELD_OF: Record<string, string> = {
  [MSG.committeeYearRequired]: "year",
  [OWN_MSG.committeeYearRange]: "year",
  [MSG.committeeNameRequired]: "cmtNm",
  [MSG.committeeStatusRequired]: "oprStt",
};

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const v = await validateForm(withZod(committeeSchemaOf(seoulYear())), form, committeeOrder);
  if (!v.ok) return v.response;
  const d = v.data;
  return orLegacy(async () => {
    const message = await api.saveCommittee(ctx.session, committeeData(d));
    ctx.session.flash(message || (d.cmtSeq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "cmtSeq"));
  }, (message) => messageFailure(form, message, FIELD_OF));
}

export const committeeAction = listAction({
  intents: {
    save,
    delete: deleteIntent({ key: "cmtSeq", remove: api.deleteCommittee }),
  },
  // the audit log's before → after (ADR 0028): the committee as the edit dialog shows it
  audit: {
    key: "cmtSeq",
    detail: async (ctx, seq) => {
      const r = await api.listCommittees(ctx.session, { cmtNm: "" });
      const row = (r.list as WireCommitteeRow[]).find((c) => Number(c.cmtSeq) === seq);
      return row ? formOfCommittee(row) : null;
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns); the list has no upload. */
export const committeeExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: COMMITTEE_PATH,
    download: async (session, url, year) => ({
      res: await api.downloadCommitteeExcel(session, { cmtNm: readText(url), ...evalQuery(url), ...("eiSeq" in evalQuery(url) ? { year } : {}) }),
      name: `${COMMITTEE_TITLE}_목록.xlsx`,
    }),
  });
