/**
 * R08 committees and R09 committee detail (spec 001 §2 "Committees", §3 "Committee", "Committee
 * term", "Term member", §4, §5 "Committee and term", §7 "Committees", §9): the paths, the calls
 * and the committee dialog's one definition. A committee has a founding year (1990 … this year,
 * spec 001 §9), a name and its operating status (Y operating, N not).
 *
 * The same form schema runs in the browser (remix-validated-form), in the Remix action and in the
 * embedded backend's insert.do, so the messages are the same everywhere.
 *
 * It stays here, not in a route folder (ADR 0073): both screens' folders read it
 * (`routes/_app.insert.commission.CommissionList+/`, `routes/_app.insert.commission.CommissionDetail.$cmtSeq+/`),
 * and so does the embedded backend's handler.
 */
import { z } from "./zod";
import { MSG, OWN_MSG, RANGE_MSG, fillMessage } from "./messages.ko";
import { seoulYear } from "../utils/time";

export const COMMITTEE_PATH = "/insert/commission/CommissionList";
export const COMMITTEE_DETAIL_PATH = "/insert/commission/CommissionDetail";
export const COMMITTEE_TITLE = "위원회";
/** the seeded menu (seed-data.ts SEED_MENUS: 입력 > 위원회) */
export const COMMITTEE_MENU = 25;
/** spec 001 §9: the committee founding year list starts at 1990 */
export const COMMITTEE_FIRST_YEAR = 1990;

/** spec 001 §3: oprStt Y operating, N not. */
export const OPR_STATUSES = [
  { value: "Y", label: "운영" },
  { value: "N", label: "미운영" },
] as const;
export const oprSttName = (v: string | null | undefined) => OPR_STATUSES.find((s) => s.value === v)?.label ?? "";

/** The labels of the fields (the dialog, the list, the sheet's headers). */
export const COMMITTEE_LABELS = {
  year: "설립연도",
  cmtNm: "위원회명",
  oprStt: "운영상태",
  regDt: "등록일",
} as const;

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max)).transform((s) => s.trim());

/** The founding years (spec 001 §9: 1990 … the current year). */
export const committeeYearOk = (year: string, current: number) => /^[0-9]{4}$/.test(year) && Number(year) >= COMMITTEE_FIRST_YEAR && Number(year) <= current;

/** The committee form; `current` is this year (Seoul), the last founding year. */
export const committeeSchemaOf = (current: number) =>
  z
    .object({
      /** the committee being edited (empty when adding) */
      cmtSeq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
      year: text(10),
      cmtNm: text(100),
      oprStt: text(2),
    })
    .superRefine((d, ctx) => {
      const at = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      // spec 001 §5 "Committee and term", in its order: year, name, status
      if (!d.year) at("year", MSG.committeeYearRequired);
      else if (!committeeYearOk(d.year, current)) at("year", OWN_MSG.committeeYearRange);
      if (!d.cmtNm) at("cmtNm", MSG.committeeNameRequired);
      if (d.oprStt !== "Y" && d.oprStt !== "N") at("oprStt", MSG.committeeStatusRequired);
    });

export type CommitteeForm = z.output<ReturnType<typeof committeeSchemaOf>>;

/** The screen order of the fields, for the '알림' message. */
export const committeeOrder: readonly string[] = ["year", "cmtNm", "oprStt"];

/** A committee as the wire answers it (spec 001 §3). */
export interface WireCommitteeRow {
  cmtSeq: number;
  cmtNm: string;
  year: number;
  oprStt: string;
  oprSttNm?: string;
  regDt?: string | null;
}

/** A committee's form values (the edit dialog). */
export const formOfCommittee = (c: WireCommitteeRow): Record<string, string> => ({ cmtSeq: String(c.cmtSeq), year: String(c.year), cmtNm: c.cmtNm, oprStt: c.oprStt });

/** The insert call's body (spec 001 §7: {cmtSeq, cmtNm, oprStt, year}; a new one has no cmtSeq). */
export const committeeData = (d: CommitteeForm) => ({ ...(d.cmtSeq ? { cmtSeq: Number(d.cmtSeq) } : {}), cmtNm: d.cmtNm, oprStt: d.oprStt, year: Number(d.year) });

// ---------------------------------------------------------------------------------------------
// R09 terms (spec 001 §3 "Committee term", §4, §5 "Committee and term", §9)
// ---------------------------------------------------------------------------------------------

/** spec 001 §9: the date picker's start time and end time. */
export const TERM_START_TIME = "00:00:00";
export const TERM_END_TIME = "23:59:59";
/** The terms term/list.do answers when not asked for all (spec 001 §9: the list defaults to not showing all). */
export const TERM_PREVIEW = 3;

const WIRE_DATE = /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
/** A 'yyyy-MM-dd' that is a real day. */
export const isTermDate = (s: string) => WIRE_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
/** The day of a wire date-time ('yyyy-MM-dd HH:mm:ss' or 'yyyy-MM-dd'), '' when it has none. */
export const termDay = (v: string | null | undefined) => (v ?? "").trim().slice(0, 10);
/** The wire's start and end (spec 001 §7: 'yyyy-MM-dd HH:mm:ss', the day's first and last second). */
export const termStart = (day: string) => `${day} ${TERM_START_TIME}`;
export const termEnd = (day: string) => `${day} ${TERM_END_TIME}`;

/**
 * The term form. Spec 001 §4: a start after the end says '운영기간을 확인하세요.' and clears the
 * field just changed; `changed` names it ('operStdt' or 'operEndt', default the end).
 */
/**
 * The window of a term's dates (issue 35): a committee is founded in 1990 at the earliest
 * (spec 001 §9) and a term is planned at most ten years ahead, so a term lies between 1990-01-01
 * and the end of the year ten years from now.
 */
export const TERM_YEARS_AHEAD = 10;
export const termWindow = (currentYear = seoulYear()) => ({ from: `${COMMITTEE_FIRST_YEAR}-01-01`, to: `${currentYear + TERM_YEARS_AHEAD}-12-31` });

export const termSchema = z
  .object({
    cmtSeq: text(12).refine((s) => /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
    ctSeq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
    ctNm: text(100),
    operStdt: text(20),
    operEndt: text(20),
    changed: text(10),
  })
  .superRefine((d, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    // spec 001 §5 "Committee and term", in its order: name, start, end, then the period
    if (!d.ctNm) at("ctNm", MSG.termNameRequired);
    const window = termWindow();
    const outside = (v: string) => v < window.from || v > window.to;
    if (!isTermDate(d.operStdt)) at("operStdt", MSG.termStartRequired);
    else if (outside(d.operStdt)) at("operStdt", fillMessage(RANGE_MSG.dateWindow, { item: "운영시작일", ...window }));
    if (!isTermDate(d.operEndt)) at("operEndt", MSG.termEndRequired);
    else if (outside(d.operEndt)) at("operEndt", fillMessage(RANGE_MSG.dateWindow, { item: "운영종료일", ...window }));
    if (isTermDate(d.operStdt) && isTermDate(d.operEndt) && d.operStdt > d.operEndt) at(termChanged(d.changed), MSG.termPeriod);
  });

export type TermForm = z.output<typeof termSchema>;
/** The field a start-after-end clears (spec 001 §4: the one just changed). */
export const termChanged = (changed: string) => (changed === "operStdt" ? "operStdt" : "operEndt");
export const termOrder: readonly string[] = ["ctNm", "operStdt", "operEndt"];

/** The term insert call's body (spec 001 §7: {cmtSeq, ctSeq, ctNm, operStdt, operEndt}). */
export const termData = (d: TermForm) => ({
  cmtSeq: Number(d.cmtSeq),
  ...(d.ctSeq ? { ctSeq: Number(d.ctSeq) } : {}),
  ctNm: d.ctNm,
  operStdt: termStart(d.operStdt),
  operEndt: termEnd(d.operEndt),
});

/**
 * The term form's check in the browser: every rule of `termSchema` but the period's. A start after
 * the end is answered by the server (with and without JavaScript the same), which clears the field
 * just changed and keeps the rest (spec 001 §4).
 */
export const termPeriodOnServer = (fieldErrors: Record<string, string | undefined>) => Object.values(fieldErrors).every((m) => !m || m === MSG.termPeriod);

/**
 * The field a start-after-end clears: the date that differs from the value the dialog opened with
 * (the form posts both); when both (a new term) or neither changed, the end (the one set last).
 */
export function changedDate(form: { operStdt: string; operEndt: string; operStdtWas: string; operEndtWas: string }): "operStdt" | "operEndt" {
  const start = form.operStdt !== form.operStdtWas;
  const end = form.operEndt !== form.operEndtWas;
  return start && !end ? "operStdt" : "operEndt";
}

/** The term dialog's values of a saved term (or a new one: all empty). */
export const formOfTerm = (t: { ctSeq: number; ctNm: string; operStdt: string; operEndt: string } | null, cmtSeq: number) => ({
  cmtSeq: String(cmtSeq),
  ctSeq: t ? String(t.ctSeq) : "",
  ctNm: t?.ctNm ?? "",
  operStdt: termDay(t?.operStdt),
  operEndt: termDay(t?.operEndt),
  changed: "",
});

// ---------------------------------------------------------------------------------------------
// R09 term members (spec 001 §2, §5 "Committee and term": the member dialog's rows)
// ---------------------------------------------------------------------------------------------

/** The detail's dialog forms (the replies name theirs). */
export const TERM_FORM_ID = "term-form";
export const MEMBER_FORM_ID = "member-form";

/** The member dialog's rows: `members[i].q` (what is searched), and what a search resolved. */
export const MEMBER_ROWS = "members";
/** At most this many rows in one member dialog. */
export const MEMBER_MAX_ROWS = 30;
/** spec 001 §9: the member search table shows 10 a page. */
export const MEMBER_PICKER_SIZE = 10;

export interface MemberRow {
  /** the search text (name or employee number) */
  q: string;
  usSeq: string;
  name: string;
  id: string;
  dptNm: string;
  /** the search text the row was resolved for: editing it undoes the resolution */
  checked: string;
  [extra: string]: string;
}

export const blankMemberRow = (): MemberRow => ({ q: "", usSeq: "", name: "", id: "", dptNm: "", checked: "" });
/** A row counts only while its text is the one it was resolved for. */
export const isResolved = (r: Pick<MemberRow, "q" | "usSeq" | "checked">) => /^[1-9][0-9]{0,9}$/.test(r.usSeq.trim()) && r.checked === r.q.trim();
export const memberField = (i: number, field: string) => `${MEMBER_ROWS}[${i}].${field}`;
