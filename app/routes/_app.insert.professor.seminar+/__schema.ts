/**
 * R07 seminars (spec 001 §2 "Seminars", §3 "Seminar", §4 "Seminar member", §5 "Seminar", §7
 * "Seminars", §8, §9): the registration dialog's one definition. A seminar has a category (code
 * group 0001800000 of its year), start and end dates, a place (1 on campus, 2 off campus, and its
 * name), an optional schedule attachment and its participants: professors, each looked up by
 * employee number with the confirm button in the seminar's year (the lookup rows of
 * app/schemas/student-rows.ts, against professors).
 *
 * The same form schema runs in the browser (remix-validated-form), in the Remix action and in the
 * embedded backend's edit.do (the wire record mapped onto the form's fields), so the messages are
 * the same everywhere. The schedule file is not in the schema: it is checked by extension,
 * signature and size where it arrives (app/utils/upload.server.ts checkFiles; the backend again).
 */
import { z } from "~/schemas/zod";
import { ACTIVITY_DATE_WINDOW, isWireDate, yearAndDates, type IssueAt } from "~/schemas/activities";
import type { DateWindow } from "~/schemas/rules";
import { seoulYear } from "~/utils/time";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { ROWS, checkKey, isConfirmed, rowField } from "~/schemas/student-rows";

export const SEMINAR_PATH = "/insert/professor/seminar";
export const SEMINAR_TITLE = "세미나";
/** the seeded menu (seed-data.ts SEED_MENUS: 입력 > 교수 > 세미나) */
export const SEMINAR_MENU = 24;
/** spec 001 §9: the seminar year list starts at 2025 */
export const SEMINAR_FIRST_YEAR = 2025;
/** spec 001 §7: the seminar category codes (by year) */
export const SEMINAR_CODE = "0001800000";

/** spec 001 §9: place 1 on campus, 2 off campus. */
export { PLACE_CODES, placeName } from "~/schemas/place";

/**
 * The schedule attachment: one file. Spec 001 §5 gives the list and the limit with the programs
 * whose schedule form the seminar's is (awards and participation): hwp, pdf, ppt, pptx, xlsx, doc,
 * at most 10 MB; refused with '등록 가능한 파일이 아닙니다.' and '파일당 최대 10MB까지 등록가능합니다.'.
 */
export const SEMINAR_FILE_EXTENSIONS = ["hwp", "pdf", "ppt", "pptx", "xlsx", "doc"] as const;
export const FILE_FIELD = "file";
/** the saved schedule's remove checkbox ('Y') */
export const REMOVE_FIELD = "removeFile";

/** The most participants one seminar has (a post of more is refused). */
export const SEMINAR_MAX_USERS = 100;

/** The labels of the fields (the dialog, the sheets' headers). */
export const SEMINAR_LABELS = {
  year: "년도",
  smSe: "구분",
  smStde: "시작일",
  smEnde: "종료일",
  placeCd: "장소 구분",
  place: "장소",
  users: "참여자",
  ids: "참여자 사번",
  file: "일정표",
} as const;

/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the rows the
 * list call answers in evaluation mode (the category's and place's names, not their codes).
 * app/schemas/eval-columns.ts takes it from here (LIST_EVAL_COLUMNS).
 */
export const SEMINAR_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [
  ["year", SEMINAR_LABELS.year],
  ["smSeNm", SEMINAR_LABELS.smSe],
  ["smStde", SEMINAR_LABELS.smStde],
  ["smEnde", SEMINAR_LABELS.smEnde],
  ["placeNm", SEMINAR_LABELS.placeCd],
  ["place", SEMINAR_LABELS.place],
  ["userCnt", "참여자 수"],
];

/** The saved schedule as the list row and the detail carry it (spec 001 §3: file/flnm/orn/rovl). */
export interface SeminarFile {
  flnm: string;
  rovl: string;
  orn: string;
}

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max)).transform((s) => s.trim());

/** Employee numbers are digits only (spec 001 §3 Professor). */
export const EMPLOYEE_NO = /^[0-9]*$/;

/** A participant row: the employee number, and what its lookup found (name, usSeq, the year:number it was made for). */
const participant = z
  .object({
    id: text(20).refine((s) => EMPLOYEE_NO.test(s), OWN_MSG.employeeIdDigits),
    name: text(50),
    usSeq: text(12).refine((s) => s === "" || /^[0-9]+$/.test(s)),
    checked: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(40)),
  })
  .passthrough();

const fields = {
  year: text(10),
  /** the record being edited (empty when adding) */
  smSeq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
  smSe: text(20),
  smStde: text(20),
  smEnde: text(20),
  placeCd: text(2),
  place: text(200),
  [ROWS]: z.array(participant).max(SEMINAR_MAX_USERS, OWN_MSG.seminarTooManyUsers).default([]),
  [REMOVE_FIELD]: text(2),
};

/**
 * The window of a seminar's dates (issue 35): from January 1 of its year to the end of February
 * of the next (the school year), as an activity's.
 */
export const SEMINAR_DATE_WINDOW: DateWindow = ACTIVITY_DATE_WINDOW;

export const seminarSchema = z.object(fields).superRefine((d, ctx) => {
  const at: IssueAt = (path, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
  const dateOf = yearAndDates(at, d.year, { firstYear: SEMINAR_FIRST_YEAR, currentYear: seoulYear(), window: SEMINAR_DATE_WINDOW, labels: SEMINAR_LABELS });
  if (!d.smSe) at(["smSe"], OWN_MSG.seminarCategoryRequired);
  // spec 001 §5 "Seminar", in its order: start, end, start after end, place, participants
  dateOf("smStde", d.smStde, MSG.seminarStartRequired);
  dateOf("smEnde", d.smEnde, MSG.seminarEndRequired);
  if (isWireDate(d.smStde) && isWireDate(d.smEnde) && d.smStde > d.smEnde) at(["smEnde"], MSG.participationDates);
  if (d.placeCd !== "1" && d.placeCd !== "2") at(["placeCd"], OWN_MSG.placeCdRequired);
  if (!d.place) at(["place"], MSG.placeRequired);
  if (!d.rows.length) at([ROWS], MSG.oneParticipantRequired);
  const seen = new Set<string>();
  d.rows.forEach((row, i) => {
    if (!row.id) at([ROWS, i, "id"], MSG.employeeIdRequired);
    else if (!EMPLOYEE_NO.test(row.id)) return;
    else if (seen.has(row.id)) at([ROWS, i, "id"], MSG.duplicateEmployeeId);
    else if (!isConfirmed(row, d.year)) at([ROWS, i, "id"], MSG.employeeLookupNotConfirmed);
    seen.add(row.id);
  });
});

export type SeminarForm = z.infer<typeof seminarSchema>;

/** The screen order of the fields, for the '알림' message. */
export const seminarOrder: readonly string[] = [
  "year",
  "smSe",
  "smStde",
  "smEnde",
  "placeCd",
  "place",
  ROWS,
  ...Array.from({ length: SEMINAR_MAX_USERS }, (_, i) => rowField(i, "id")),
  FILE_FIELD,
];

// ---------------------------------------------------------------------------------------------
// The wire record (spec 001 §3) ⇄ the form
// ---------------------------------------------------------------------------------------------

/** A participant as the wire carries it (spec 001 §3: smSeq, usSeq, id, name, status). */
export interface WireSeminarUser {
  smSeq?: number | null;
  usSeq: number;
  id: string;
  name: string;
  /** 'Y': verified (a saved participant was looked up when it was saved) */
  status?: string;
}

/** The edit call's `data` JSON from the checked form. */
export function seminarData(d: SeminarForm): Record<string, unknown> {
  const smSeq = d.smSeq ? Number(d.smSeq) : null;
  return {
    smSeq,
    year: Number(d.year),
    smSe: d.smSe,
    smStde: d.smStde,
    smEnde: d.smEnde,
    placeCd: d.placeCd,
    place: d.place,
    users: d.rows.map((r) => ({ smSeq, usSeq: Number(r.usSeq), id: r.id, name: r.name, status: "Y" })),
    // the saved schedule the user removed (spec 001 §4 as for the activities' attachments)
    fileDel: d.removeFile === "Y" ? "Y" : "N",
  };
}

/** A seminar's values as the dialog's fields (editing). */
export function formOfSeminar(s: { smSeq?: unknown; year?: unknown; smSe?: unknown; smStde?: unknown; smEnde?: unknown; placeCd?: unknown; place?: unknown }): Record<string, string> {
  const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  return { smSeq: str(s.smSeq), year: str(s.year), smSe: str(s.smSe), smStde: str(s.smStde).slice(0, 10), smEnde: str(s.smEnde).slice(0, 10), placeCd: str(s.placeCd), place: str(s.place) };
}

/** A saved seminar's participants as the dialog's rows (confirmed: each was checked when it was saved). */
export const rowsOfUsers = (year: unknown, users: readonly WireSeminarUser[]) =>
  users.map((u) => ({ id: String(u.id), name: u.name, usSeq: String(u.usSeq), checked: checkKey(year, u.id) }));
