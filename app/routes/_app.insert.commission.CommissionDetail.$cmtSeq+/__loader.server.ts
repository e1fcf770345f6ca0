/**
 * R09 committee detail (spec 001 §2 "Committees", §4, §5 "Committee and term", §7 "Committees",
 * §9): the loader and action of `/insert/commission/CommissionDetail/{cmtSeq}`. Everything is URL
 * state (docs/architecture.md "Dialogs"):
 * - `all=Y` shows every term (default: the newest TERM_PREVIEW, spec 001 §9; the toggle sends all Y
 *   or N), `term=` the selected term whose members show;
 * - `dialog=term-add`, `term-edit|term-copy|term-delete&term=`, `member-add&term=`,
 *   `member-delete&term=&usSeq=`.
 * The action is the list kit's (`listAction`: CSRF, one read of the form, intents and steps). The
 * member dialog's rows travel in its form (`members[i].q` and what a search resolved); its steps
 * (`search:<i>`, `pick:<i>`, `addRow`, `removeRow:<i>`, `unpick`) answer with the rows, and a search
 * with several hits answers the picker (a list of radios posting `pick:<i>`, 10 a page: its page
 * buttons post `pickPage:<i>:<page>` with the rows), so the dialog works the same without JavaScript.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { isMissingCall, LegacyError } from "~/legacy/errors";
import * as api from "~/legacy/endpoints/committees.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import {
  COMMITTEE_DETAIL_PATH,
  MEMBER_FORM_ID,
  MEMBER_MAX_ROWS,
  MEMBER_PICKER_SIZE,
  MEMBER_ROWS,
  blankMemberRow,
  changedDate,
  formOfTerm,
  isResolved,
  memberField,
  termData,
  termOrder,
  termSchema,
  type MemberRow,
} from "~/schemas/committees";
import { audit } from "~/utils/audit.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { formFailure, formValues, validateForm } from "~/utils/form.server";
import { excelDownload } from "~/utils/excel-download.server";
import { FOCUS_PARAM } from "~/utils/focus-return";
import { backToList, listAction, rowIntent, UPLOAD_TIMEOUT_MS } from "~/utils/list-action.server";
import { excelUploadReply } from "~/utils/upload.server";
import { safeRedirectTo } from "~/utils/safe-redirect";
import { readRows } from "~/utils/student-rows.server";
import { seqParam, withParams } from "~/utils/url";
import { failureOf, legacyMessage, orLegacy } from "~/utils/legacy-errors.server";

export type DetailDialogKind = "term-add" | "term-edit" | "term-copy" | "term-delete" | "member-add" | "member-delete";
const DIALOG_KINDS: readonly DetailDialogKind[] = ["term-add", "term-edit", "term-copy", "term-delete", "member-add", "member-delete"];

export interface DetailData {
  cmtSeq: number | null;
  /** the page's '알림' (no such committee, a failed call) */
  error: string | null;
  commission: api.WireCommittee | null;
  terms: api.WireTerm[];
  total: number;
  all: boolean;
  /** the selected term (its members show) */
  term: api.WireTerm | null;
  members: api.WireMember[];
  dialog: { kind: DetailDialogKind; values: Record<string, string>; member: api.WireMember | null } | null;
}

const empty = (cmtSeq: number | null, error: string): DetailData => ({ cmtSeq, error, commission: null, terms: [], total: 0, all: false, term: null, members: [], dialog: null });

export const committeeDetailLoader = (args: LoaderFunctionArgs) =>
  withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const cmtSeq = seqParam(args.params.cmtSeq);
    if (!cmtSeq) return json(empty(null, OWN_MSG.committeeNotFound), { status: 404 });
    const asked = seqParam(url.searchParams.get("term"));
    const terms = async (which: boolean) => api.listTerms(ctx.session, { cmtSeq, searchTxt: "", all: which ? "Y" : "N" });
    // a committee that is not there is the page's own not-found state (404); another refusal shows its message
    const read = await orLegacy(
      async () => {
        let all = url.searchParams.get("all") === "Y";
        let r = await terms(all);
        // a term asked for that the preview does not show (a new one, older than the newest few): all of them
        if (!all && asked && !r.list.some((t) => t.ctSeq === asked) && (r.total ?? 0) > r.list.length) {
          const every = await terms(true);
          if (every.list.some((t) => t.ctSeq === asked)) [r, all] = [every, true];
        }
        return { r, all };
      },
      (message, e) => ({ refused: json(empty(cmtSeq, e.status === 404 ? OWN_MSG.committeeNotFound : message), { status: e.status === 404 ? 404 : 200 }) }),
    );
    if ("refused" in read) return read.refused;
    const { r, all } = read;
    const term = r.list.find((t) => t.ctSeq === asked) ?? r.list[0] ?? null;
    let members: api.WireMember[] = [];
    // the members may fail alone: the term is shown with the message
    const error = term
      ? await failureOf(async () => {
          members = await api.listMembers(ctx.session, term.ctSeq);
        })
      : null;
    const kind = url.searchParams.get("dialog") as DetailDialogKind | null;
    let dialog: DetailData["dialog"] = null;
    if (kind && DIALOG_KINDS.includes(kind)) {
      const member = kind === "member-delete" ? members.find((m) => m.usSeq === seqParam(url.searchParams.get("usSeq"))) ?? null : null;
      // a term's dialog needs the selected term; the member delete its member
      const ok = kind === "term-add" || (term && asked === term.ctSeq && (kind !== "member-delete" || member));
      if (ok) dialog = { kind, values: formOfTerm(kind === "term-add" ? null : term, cmtSeq), member };
    }
    return json({ cmtSeq, error, commission: r.commission ?? null, terms: r.list, total: r.total ?? r.list.length, all, term, members, dialog } satisfies DetailData);
  });

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

/** The detail without a dialog's parameters, with `changes` (the saved term selected). */
const back = (url: URL, changes: Record<string, string> = {}) => backToList(url, "usSeq", changes);

const termValidator = withZod(termSchema);

/** The field a server message belongs to (the backend checks the same rules). */
const TERM_FIELD_OF: Record<string, string> = {
  [MSG.termNameRequired]: "ctNm",
  [MSG.termStartRequired]: "operStdt",
  [MSG.termEndRequired]: "operEndt",
};

async function termSave(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  // spec 001 §4: a start after the end clears the field just changed (the one that differs from the value the dialog opened with)
  const s = (k: string) => String(form.get(k) ?? "").trim();
  form.set("changed", changedDate({ operStdt: s("operStdt"), operEndt: s("operEndt"), operStdtWas: s("operStdtWas"), operEndtWas: s("operEndtWas") }));
  const v = await validateForm(termValidator, form, termOrder);
  if (!v.ok) {
    const body = (await v.response.json()) as { fieldErrors: Record<string, string>; repopulateFields: Record<string, unknown> };
    for (const [field, message] of Object.entries(body.fieldErrors)) if (message === MSG.termPeriod) body.repopulateFields[field] = "";
    return json(body, { status: v.response.status });
  }
  const d = v.data;
  return orLegacy(async () => {
    const message = await api.saveTerm(ctx.session, termData(d));
    ctx.session.flash(message || (d.ctSeq ? MSG.updated : MSG.created), "info");
    // a new term is selected: the backend answers its ctSeq only in the result, so the newest is shown first
    return redirect(back(url, d.ctSeq ? { term: d.ctSeq } : {}));
  }, (message) => formFailure(form, message, Object.hasOwn(TERM_FIELD_OF, message) ? { [TERM_FIELD_OF[message]]: message } : {}));
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/** The intents of the member dialog's steps (`pickPage:<row>:<page>`: a page of the picker). */
const isMemberStep = (intent: string) => intent === "addRow" || intent === "unpick" || /^(search|pick|removeRow):\d{1,4}$/.test(intent) || /^pickPage:\d{1,4}:\d{1,4}$/.test(intent);

/** The picker's page `page` of the hits (spec 001 §9: the member search table, 10 a page); a page past the end is the last. */
export interface MemberPicker {
  index: number;
  q: string;
  hits: api.WirePerson[];
  total: number;
  page: number;
  pages: number;
}

function pickerPage(index: number, q: string, all: api.WirePerson[], page: number): MemberPicker {
  const pages = Math.max(1, Math.ceil(all.length / MEMBER_PICKER_SIZE));
  const p = Math.min(Math.max(1, page), pages);
  return { index, q, hits: all.slice((p - 1) * MEMBER_PICKER_SIZE, p * MEMBER_PICKER_SIZE), total: all.length, page: p, pages };
}

const memberRows = (form: FormData) => readRows(form, MEMBER_ROWS).map((r) => ({ ...blankMemberRow(), ...r }) as MemberRow).slice(0, MEMBER_MAX_ROWS);

/** The member dialog re-rendered: its rows, the message (on the row's search field) and the picker. */
function memberReply(form: FormData, rows: MemberRow[], extra: { alert?: string; index?: number; picker?: MemberPicker } = {}, status = 200) {
  const fieldErrors = extra.alert && extra.index !== undefined ? { [memberField(extra.index, "q")]: extra.alert } : {};
  return json({ formId: MEMBER_FORM_ID, fieldErrors, repopulateFields: formValues(form), rows, ...extra }, { status });
}

const fill = (row: MemberRow, p: api.WirePerson): MemberRow => ({ ...row, usSeq: String(p.usSeq), name: p.name, id: p.id, dptNm: p.dptNm ?? "", checked: row.q.trim() });
const unresolved = (row: MemberRow): MemberRow => ({ ...row, usSeq: "", name: "", id: "", dptNm: "", checked: "" });

async function memberStep(ctx: UserContext, form: FormData, intent: string): Promise<Response> {
  const rows = memberRows(form);
  if (!rows.length) rows.push(blankMemberRow());
  if (intent === "unpick") return memberReply(form, rows);
  if (intent === "addRow") {
    if (rows.length < MEMBER_MAX_ROWS) rows.push(blankMemberRow());
    return memberReply(form, rows);
  }
  const [verb, n, p] = intent.split(":");
  const index = Number(n);
  if (index >= rows.length) return memberReply(form, rows, { alert: OWN_MSG.badRequest }, 400);
  if (verb === "removeRow") {
    // spec 001 §5: at least one entry is kept
    if (rows.length <= 1) return memberReply(form, rows, { alert: MSG.termMemberOneKept, index: 0 }, 400);
    rows.splice(index, 1);
    return memberReply(form, rows);
  }
  const q = rows[index].q.trim().slice(0, 100);
  return orLegacy(async () => {
    const hits = q ? await api.searchMembers(ctx.session, q) : [];
    if (verb === "pick") {
      const chosen = hits.find((h) => String(h.usSeq) === String(form.get("pick") ?? ""));
      if (!chosen) return memberReply(form, rows, { alert: MSG.termMemberNoneResolved, index }, 400);
      rows[index] = fill(rows[index], chosen);
      return memberReply(form, rows);
    }
    // spec 001 §2/§5: one hit fills the row, several open the picker, none '검색 결과가 없습니다.'
    if (hits.length === 0) {
      rows[index] = unresolved(rows[index]);
      return memberReply(form, rows, { alert: MSG.noSearchResult, index }, 400);
    }
    if (hits.length === 1 && verb === "search") {
      rows[index] = fill(rows[index], hits[0]);
      return memberReply(form, rows);
    }
    // several: the picker, 10 a page; its page buttons post the rows again (the search text and
    // the people already chosen are kept) with `pickPage:<row>:<page>`
    return memberReply(form, rows, { picker: pickerPage(index, q, hits, verb === "pickPage" ? Number(p) : 1) });
  }, (message) => memberReply(form, rows, { alert: message, index }, 400));
}

/**
 * The member dialog's save: spec 001 §5's rules in its order (a term; at least one resolved
 * person, and no row left unresolved; nobody twice), then user/insert.do, which checks them again
 * (and those already members).
 */
async function memberSave(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const rows = memberRows(form);
  const cmtSeq = seqParam(String(form.get("cmtSeq") ?? ""));
  const ctSeq = seqParam(String(form.get("ctSeq") ?? ""));
  if (!ctSeq || !cmtSeq) return memberReply(form, rows, { alert: MSG.termMemberTermRequired }, 400);
  const typed = rows.filter((r) => r.q.trim() || r.usSeq);
  const resolved = typed.filter(isResolved);
  if (!resolved.length || resolved.length !== typed.length) {
    const index = rows.findIndex((r) => !isResolved(r));
    return memberReply(form, rows, { alert: MSG.termMemberNoneResolved, index: index < 0 ? 0 : index }, 400);
  }
  const seqs = resolved.map((r) => Number(r.usSeq));
  if (new Set(seqs).size !== seqs.length) return memberReply(form, rows, { alert: MSG.termMemberDuplicate }, 400);
  return orLegacy(async () => {
    const message = await api.insertMembers(ctx.session, { cmtSeq, ctSeq, userList: seqs.map((usSeq) => ({ usSeq })) });
    ctx.session.flash(message || MSG.created, "info");
    return redirect(back(url, { term: String(ctSeq) }));
  }, (message) => memberReply(form, rows, { alert: message }, 400));
}

// ---------------------------------------------------------------------------------------------
// Member Excel (spec 001 §7: user/listExcelDown.do, user/excelSampleDown.do, user/excelUpload)
// ---------------------------------------------------------------------------------------------

/** The toolbar's upload: the selected term's (posted cmtSeq and ctSeq), through the one upload reply. */
function memberUpload(ctx: UserContext & { address?: string }, form: FormData, url: URL): Promise<Response> {
  const cmtSeq = seqParam(String(form.get("cmtSeq") ?? ""));
  const ctSeq = seqParam(String(form.get("ctSeq") ?? ""));
  if (!cmtSeq || !ctSeq) return Promise.resolve(json({ excelError: MSG.termMemberTermRequired }, { status: 400 }));
  return excelUploadReply(form, (file) => api.uploadMemberExcel(ctx.session, cmtSeq, ctSeq, file, UPLOAD_TIMEOUT_MS));
}

/** The resource route `…/CommissionDetail/{cmtSeq}/excel`: the sample, or the selected term's members. */
export const committeeMemberExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: `${COMMITTEE_DETAIL_PATH}/${seqParam(args.params.cmtSeq) ?? 0}`,
    template: async (session) => ({ res: await api.downloadMemberSample(session), name: "위원회_명단_업로드_양식.xlsx" }),
    download: async (session, url) => {
      const ctSeq = seqParam(url.searchParams.get("term"));
      if (!ctSeq) throw new LegacyError(MSG.excelDownloadFailed, 404);
      return { res: await api.downloadMemberExcel(session, ctSeq, seqParam(args.params.cmtSeq) ?? 0), name: "위원회_명단.xlsx" };
    },
  });

// ---------------------------------------------------------------------------------------------
// The action
// ---------------------------------------------------------------------------------------------

/** The committee of the detail page's URL (`…/CommissionDetail/{cmtSeq}`), handed to the backend with each term call. */
const cmtSeqOf = (url: URL) => seqParam(url.pathname.split("/").filter(Boolean)[3]) ?? 0;

/** Back to the detail after a row action, the term kept selected unless it is the one deleted. */
/**
 * The page after a confirmed delete: the row is gone, so the focus goes to the register button of
 * its section (명단 등록 for a member, 기수 등록 for a term; ADR 0059).
 */
const afterRow = (url: URL, keepTerm: boolean) =>
  safeRedirectTo(`${url.pathname}${withParams(url.search, { dialog: null, usSeq: null, ...(keepTerm ? {} : { term: null }), [FOCUS_PARAM]: keepTerm ? "member-add" : "term-add" })}`);

/**
 * The posted term (and committee) are the URL's committee's (ADR 0058): a term of committee 1
 * posted from committee 3's detail page is refused ('해당 기수가 없습니다.'), and the backend, given
 * the committee too, refuses it again.
 */
async function ownsTerm(ctx: UserContext, form: FormData, params: Record<string, string | undefined>): Promise<string | null> {
  const cmtSeq = seqParam(params.cmtSeq);
  if (!cmtSeq) return OWN_MSG.committeeNotFound;
  const postedCmt = String(form.get("cmtSeq") ?? "").trim();
  if (postedCmt && postedCmt !== String(cmtSeq)) return OWN_MSG.committeeNotFound;
  const postedCt = String(form.get("ctSeq") ?? "").trim();
  if (!postedCt || postedCt === "0") return null;
  const ctSeq = seqParam(postedCt);
  if (!ctSeq) return OWN_MSG.termNotFound;
  const terms = await orLegacy(async () => (await api.listTerms(ctx.session, { cmtSeq, searchTxt: "", all: "Y" })).list, () => []);
  return terms.some((t) => t.ctSeq === ctSeq) ? null : OWN_MSG.termNotFound;
}

/**
 * A member's active flag (spec 001 §3 actvtYn: the table's '활동으로 변경' / '비활동으로 변경'):
 * user/updateActvtYn.do, ours; a server without it says so ('… 변경할 수 없습니다.'), the page works on.
 */
async function memberActvt(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const ctSeq = seqParam(String(form.get("ctSeq") ?? ""));
  const usSeq = seqParam(String(form.get("usSeq") ?? ""));
  const actvtYn = String(form.get("actvtYn") ?? "");
  if (!ctSeq || !usSeq || (actvtYn !== "Y" && actvtYn !== "N")) return formFailure(form, OWN_MSG.badRequest);
  await orLegacy(
    async () => ctx.session.flash((await api.setMemberActivity(ctx.session, { cmtSeq: cmtSeqOf(url), ctSeq, usSeq, actvtYn })) || MSG.updated, "info"),
    (message, e) => ctx.session.flash(isMissingCall(e) ? OWN_MSG.memberActvtUnavailable : message, "error"),
  );
  return redirect(afterRow(url, true));
}

export const committeeDetailAction = listAction({
  owns: ownsTerm,
  intents: {
    // the term dialog's save button (SaveWithoutConfirm) posts intent 'save'
    save: termSave,
    memberSave,
    actvt: memberActvt,
    excelUpload: memberUpload,
    // the confirmed row actions (URL-state questions): copy and delete of a term, delete of a member
    copy: rowIntent({
      key: "ctSeq",
      confirm: "copy",
      run: async (session, ctSeq, _form, url) => ({ text: (await api.copyTerm(session, ctSeq, cmtSeqOf(url))) || MSG.copied, kind: "info" }),
    }),
    delete: async (ctx, form, url) => {
      const ctSeq = seqParam(String(form.get("ctSeq") ?? ""));
      const usSeq = seqParam(String(form.get("usSeq") ?? ""));
      if (!ctSeq || form.get("confirm") !== "delete") return formFailure(form, MSG.deleteFailed);
      // either outcome is the list's flash message; a row already gone reads '삭제 실패하였습니다.'
      await orLegacy(
        async () => {
          await (usSeq ? api.deleteMember(ctx.session, ctSeq, usSeq, cmtSeqOf(url)) : api.deleteTerm(ctx.session, ctSeq, cmtSeqOf(url)));
          await audit({ userId: ctx.user.userId, address: ctx.address }, { action: "recordDelete", target: `${url.pathname} ctSeq=${ctSeq}${usSeq ? ` usSeq=${usSeq}` : ""}` });
          ctx.session.flash(MSG.deleteDone, "info");
        },
        (_, e) => ctx.session.flash(legacyMessage(e, { on404: MSG.deleteFailed }), "error"),
      );
      return redirect(afterRow(url, Boolean(usSeq)));
    },
  },
  step: { matches: isMemberStep, run: memberStep },
});
