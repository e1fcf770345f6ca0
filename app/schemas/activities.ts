/**
 * R15 volunteer activity and R16 international health-care activity (spec 001 §2 "Volunteer and
 * health-care lists", §3 the records, §4, §5 "Volunteer and health-care", §7 "Student activity",
 * §9): ONE definition parameterised by kind. The two screens differ only in their names, their
 * calls, their wire prefix (va / ga), their first year and their place fields: a volunteer
 * activity has a place (vaPlace); a health-care activity has a country (gaCountry) and the school
 * or institution where it took place (gaSchool), which is its place.
 *
 * The same form schema runs in the browser (remix-validated-form), in the Remix action and in the
 * embedded backend's save call (the wire record mapped onto the form's fields), so the messages are
 * the same everywhere. The attachments are not in the schema: they are checked by extension,
 * signature and size where they arrive (app/utils/upload.server.ts checkFiles; the backend again).
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { dateWindowMessage, inDateWindow, tooLongMessage, yearRangeMessage, type DateWindow } from "./rules";
import { seoulYear } from "../utils/time";
import { ROWS, STUDENT_NO, isConfirmed, lookupRowFields, rowField } from "./student-rows";
import { MEDICAL, VOLUNTEER } from "../calls/activities";

export type ActivityKind = "volunteer" | "medical";
export const ACTIVITY_KIND_NAMES: readonly ActivityKind[] = ["volunteer", "medical"];

export interface ActivityKindDef {
  kind: ActivityKind;
  /** the screen's title (and the menu's name) */
  title: string;
  path: string;
  /** the seeded menu (seed-data.ts SEED_MENUS) */
  menuSeq: number;
  /** the wire prefix of the record's fields: vaSeq, vaStde … / gaSeq, gaStde … */
  prefix: "va" | "ga";
  /** the record key (`${prefix}Seq`) */
  seqKey: "vaSeq" | "gaSeq";
  /** the first year of the year list (spec 001 §9: 2025, health-care 2024) */
  firstYear: number;
  /** the place fields of the form, in screen order */
  placeFields: readonly ("place" | "country" | "school")[];
  /** the calls (spec 001 §7 "Student activity") */
  calls: typeof VOLUNTEER | typeof MEDICAL;
  /** the multipart field holding the record's JSON on save */
  infoField: "volunteerInfo" | "medicalActvtInfo";
  /** the Excel file's name (before '_{year}.xlsx') */
  excelName: string;
}

export const ACTIVITY_KINDS: Readonly<Record<ActivityKind, ActivityKindDef>> = {
  volunteer: {
    kind: "volunteer",
    title: "봉사활동",
    path: "/insert/student/volunteer",
    menuSeq: 12,
    prefix: "va",
    seqKey: "vaSeq",
    firstYear: 2025,
    placeFields: ["place"],
    calls: VOLUNTEER,
    infoField: "volunteerInfo",
    excelName: "봉사활동",
  },
  medical: {
    kind: "medical",
    title: "국제보건의료 활동",
    path: "/insert/student/medical",
    menuSeq: 13,
    prefix: "ga",
    seqKey: "gaSeq",
    firstYear: 2024,
    placeFields: ["country", "school"],
    calls: MEDICAL,
    infoField: "medicalActvtInfo",
    excelName: "국제보건의료활동",
  },
};

/** The labels of the form's fields (the dialog, the Excel sheet's headers, the upload's columns). */
export const ACTIVITY_LABELS = {
  year: "년도",
  id: "학번",
  name: "이름",
  stde: "시작일",
  ende: "종료일",
  time: "활동시간",
  place: "장소",
  country: "국가",
  school: "활동기관(학교)",
  cntnt: "활동내용",
  eval: "평가",
  org: "기관명",
  tel: "기관 연락처",
  mngrPstn: "담당자 직위",
  mngrNm: "담당자 이름",
} as const;

/**
 * The columns of a kind's evaluation mode, the keys of its evaluation rows (year, student, the
 * period, the hours and the place fields on the wire, `vaPlace`, `gaCountry` …): what an
 * evaluation indicator may tick (schemas/eval-columns.ts LIST_EVAL_COLUMNS).
 */
export function activityEvalColumns(kind: ActivityKind): readonly (readonly [clm: string, clmNm: string])[] {
  const { prefix, placeFields } = ACTIVITY_KINDS[kind];
  const onWire = (["stde", "ende", "time", ...placeFields] as const).map((f) => [`${prefix}${f[0].toUpperCase()}${f.slice(1)}`, ACTIVITY_LABELS[f]] as const);
  return [["year", ACTIVITY_LABELS.year], ["id", ACTIVITY_LABELS.id], ["name", ACTIVITY_LABELS.name], ...onWire];
}

// ---------------------------------------------------------------------------------------------
// Attachments (spec 001 §5, §9)
// ---------------------------------------------------------------------------------------------

export const ACTIVITY_MAX_FILES = 3;
export const ACTIVITY_FILE_EXTENSIONS = ["hwp", "pdf", "ppt", "pptx", "xlsx", "xls", "docx"] as const;
/** The file inputs' name (one input per free slot) and the saved files' remove checkboxes. */
export const FILES_FIELD = "files";
export const REMOVE_FIELD = "removeFile";

/** A saved attachment as the list row carries it (dbFileList). */
export interface ActivityFile {
  fileSeq: number;
  flnm: string;
  rovl: string;
  orn: string;
  usyn: "Y" | "N";
}

/** The hours cap (spec 001 §9); an activity of no hours is no activity (issue 35). */
export const ACTIVITY_MAX_HOURS = 999;
export const ACTIVITY_MIN_HOURS = 1;

/**
 * The window of an activity's dates (issue 35): from January 1 of its year to the end of February
 * of the next (a school year runs from March to February), so an activity of 2026 lies between
 * 2026-01-01 and 2027-02-28. The start not after the end is the spec's own rule.
 */
export const ACTIVITY_DATE_WINDOW: DateWindow = { before: 0, after: 1, endMonth: 2 };

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

/** A text of at most `max` characters; with a label, an overlong one names the field and its limit. */
const text = (max: number, label?: string) =>
  z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max, label ? tooLongMessage(label, max) : undefined)).transform((s) => s.trim());

/** The longest text of each text field: the dialog's maxlength and the rule. */
export const ACTIVITY_TEXT_MAX = { place: 200, country: 100, school: 200, cntnt: 2000, eval: 2000, org: 200, mngrPstn: 50, mngrNm: 50 } as const;
const labelled = (f: keyof typeof ACTIVITY_TEXT_MAX) => text(ACTIVITY_TEXT_MAX[f], ACTIVITY_LABELS[f]);

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** A real calendar date 'YYYY-MM-DD'. */
export function isWireDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Adds an issue at a path of the form. */
export type IssueAt = (path: (string | number)[], message: string) => void;

/**
 * The year and the dates of a school year's record (an activity, an award or participation
 * program, a seminar), checked alike: the year now, from the screen's first year to `currentYear`;
 * then each date by the answered check, given, a real date, and within the year's window (named by
 * its label). A year that is not four digits leaves the window unchecked.
 */
export function yearAndDates<K extends string>(at: IssueAt, yearText: string, rule: { firstYear: number; currentYear: number; window: DateWindow; labels: Readonly<Record<K, string>> }) {
  const yearOk = /^[0-9]{4}$/.test(yearText);
  const year = Number(yearText);
  if (!yearOk) at(["year"], MSG.yearRequired);
  else if (year < rule.firstYear || year > rule.currentYear) at(["year"], yearRangeMessage(rule.firstYear, rule.currentYear));
  return (name: K, value: string, required: string) => {
    if (!value) at([name], required);
    else if (!isWireDate(value)) at([name], OWN_MSG.activityDateFormat);
    else if (yearOk && !inDateWindow(value, year, rule.window)) at([name], dateWindowMessage(rule.labels[name], year, rule.window));
  };
}

const phonePart = text(10).refine((s) => /^[0-9]{0,4}$/.test(s), OWN_MSG.phoneFormat);

/** The dialog's fields (both kinds; a kind uses its own place fields). */
const fields = {
  year: text(10),
  /** the record being edited (empty when adding) */
  seq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
  [ROWS]: z.array(z.object(lookupRowFields).passthrough()).max(1).default([]),
  stde: text(20),
  ende: text(20),
  time: text(10),
  place: labelled("place"),
  country: labelled("country"),
  school: labelled("school"),
  cntnt: labelled("cntnt"),
  eval: labelled("eval"),
  org: labelled("org"),
  tel1: phonePart,
  tel2: phonePart,
  tel3: phonePart,
  mngrPstn: labelled("mngrPstn"),
  mngrNm: labelled("mngrNm"),
  [REMOVE_FIELD]: z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().regex(/^[1-9][0-9]{0,9}$/)).max(ACTIVITY_MAX_FILES * 2)),
};

const PLACE_MESSAGE = { place: MSG.placeRequired, country: OWN_MSG.activityCountryRequired, school: MSG.placeRequired } as const;

/**
 * The dialog's rules. `currentYear` is the last year of the year list (spec 001 §9: the list runs
 * down from the current year to the kind's first year); a year outside it is refused.
 */
export function activitySchema(kind: ActivityKind, currentYear = seoulYear()) {
  const def = ACTIVITY_KINDS[kind];
  return z.object(fields).superRefine((d, ctx) => {
    const at: IssueAt = (path, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const dateOf = yearAndDates(at, d.year, { firstYear: def.firstYear, currentYear, window: ACTIVITY_DATE_WINDOW, labels: ACTIVITY_LABELS });
    const row = d.rows[0];
    // the student: a number looked up with the confirm button in the dialog's year (spec 001 §4, §5)
    if (!row?.id) at([ROWS, 0, "id"], OWN_MSG.studentIdRequired);
    else if (STUDENT_NO.test(row.id) && !isConfirmed(row, d.year)) at([ROWS, 0, "id"], MSG.lookupNotConfirmed);
    dateOf("stde", d.stde, OWN_MSG.activityStartRequired);
    dateOf("ende", d.ende, OWN_MSG.activityEndRequired);
    if (isWireDate(d.stde) && isWireDate(d.ende) && d.stde > d.ende) at(["ende"], MSG.activityStartAfterEnd);
    if (!d.time) at(["time"], OWN_MSG.activityHoursRequired);
    else if (!/^[0-9]{1,3}$/.test(d.time) || Number(d.time) < ACTIVITY_MIN_HOURS || Number(d.time) > ACTIVITY_MAX_HOURS) at(["time"], OWN_MSG.activityHoursDigits);
    for (const f of def.placeFields) if (!d[f]) at([f], PLACE_MESSAGE[f]);
  });
}

export type ActivityForm = z.infer<ReturnType<typeof activitySchema>>;

/** The screen order of the fields, for the '알림' message. */
export const activityOrder = (kind: ActivityKind): readonly string[] => [
  "year",
  rowField(0, "id"),
  "stde",
  "ende",
  "time",
  ...ACTIVITY_KINDS[kind].placeFields,
  "cntnt",
  "eval",
  "org",
  "tel1",
  "tel2",
  "tel3",
  "mngrPstn",
  "mngrNm",
];

// ---------------------------------------------------------------------------------------------
// The wire record (spec 001 §3) ⇄ the form
// ---------------------------------------------------------------------------------------------

/** The form's field → the wire field's suffix after the prefix. */
const WIRE_SUFFIX = { stde: "Stde", ende: "Ende", time: "Time", place: "Place", country: "Country", school: "School", cntnt: "Cntnt", eval: "Eval", org: "Org", mngrPstn: "MngrPstn", mngrNm: "MngrNm" } as const;
export type ActivityTextField = keyof typeof WIRE_SUFFIX;

/** The text fields a kind's record has. */
export const activityTextFields = (kind: ActivityKind): ActivityTextField[] =>
  (["stde", "ende", "time", ...ACTIVITY_KINDS[kind].placeFields, "cntnt", "eval", "org", "mngrPstn", "mngrNm"] as ActivityTextField[]);

/** The wire name of a form field for a kind ('stde' → 'vaStde'). */
export const wireName = (kind: ActivityKind, field: ActivityTextField | "Seq" | "Tel" | "Tel1" | "Tel2" | "Tel3") =>
  `${ACTIVITY_KINDS[kind].prefix}${field in WIRE_SUFFIX ? WIRE_SUFFIX[field as ActivityTextField] : field}`;

/** The record as the save call's JSON (`volunteerInfo` / `medicalActvtInfo`) from the checked form. */
export function wireInfo(kind: ActivityKind, d: ActivityForm, saved: readonly ActivityFile[]): Record<string, unknown> {
  const row = d.rows[0];
  const remove = new Set(d.removeFile.map(Number));
  const info: Record<string, unknown> = {
    [wireName(kind, "Seq")]: d.seq ? Number(d.seq) : null,
    year: Number(d.year),
    id: row.id,
    name: row.name,
    usSeq: Number(row.usSeq),
    [wireName(kind, "Tel1")]: d.tel1,
    [wireName(kind, "Tel2")]: d.tel2,
    [wireName(kind, "Tel3")]: d.tel3,
    [wireName(kind, "Tel")]: [d.tel1, d.tel2, d.tel3].some(Boolean) ? [d.tel1, d.tel2, d.tel3].join("-") : "",
    // a saved attachment the user removed goes back with usyn N and is removed on save (spec 001 §4)
    dbFileList: saved.map((f) => ({ ...f, usyn: remove.has(f.fileSeq) ? "N" : "Y" })),
  };
  for (const f of activityTextFields(kind)) info[wireName(kind, f)] = d[f];
  return info;
}

/** A wire record's values as the dialog's form fields (editing). */
export function formOfRecord(kind: ActivityKind, r: Record<string, unknown>): Record<string, string> {
  const s = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  const out: Record<string, string> = { seq: s(r[wireName(kind, "Seq")]), year: s(r.year) };
  for (const f of activityTextFields(kind)) out[f] = s(r[wireName(kind, f)]);
  const tel = s(r[wireName(kind, "Tel")]).split("-");
  out.tel1 = s(r[wireName(kind, "Tel1")]) || tel[0] || "";
  out.tel2 = s(r[wireName(kind, "Tel2")]) || tel[1] || "";
  out.tel3 = s(r[wireName(kind, "Tel3")]) || tel[2] || "";
  return out;
}
