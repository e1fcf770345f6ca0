/**
 * R17 research participation and awards (spec 001 §2 "Awards and participation", §3 "Award or
 * participation program", §4 "Awards", §5 "Awards and participation", §7, §9): the register/edit
 * dialog's form. A program has a category of code group 0001300000 for its year: 0001300001 an
 * award (its award date), 0001300002 a participation (start and end dates, place on or off campus,
 * the place and a schedule). Its winners or participants are student lookup rows
 * (app/schemas/student-rows.ts), each with a research subject or award detail (rsrchSbj).
 *
 * The same schema runs in the browser (remix-validated-form), in the Remix action and in the
 * embedded backend's editAwards.do (the wire program mapped onto the form's fields), so the
 * messages are the same everywhere. The attachment (one file) is not in the schema: it is checked
 * by extension, signature and size where it arrives (upload.server.ts checkFiles; the backend again).
 */
import { z } from "~/schemas/zod";
import { ACTIVITY_DATE_WINDOW, isWireDate, yearAndDates, type IssueAt } from "~/schemas/activities";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { DateWindow } from "~/schemas/rules";
import { seoulYear } from "~/utils/time";
import { ROWS, STUDENT_NO, checkKey, isConfirmed, lookupRowFields, rowField, type LookupRow } from "~/schemas/student-rows";

/** The screen's path (menu 14 '연구참여 및 수상'). */
export const AWARDS_PATH = "/insert/student/awards";
export const AWARDS_MENU_SEQ = 14;
export const AWARDS_TITLE = "연구참여 및 수상";

/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the rows the
 * list call answers in evaluation mode (the category's and place's names, the date or period as
 * one text, the users' names). app/schemas/eval-columns.ts takes it from here (LIST_EVAL_COLUMNS).
 */
export const AWARDS_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [
  ["year", "년도"],
  ["paSeType", "구분"],
  ["prgmNm", "프로그램명"],
  ["period", "일자"],
  ["placeNm", "장소 구분"],
  ["userCount", "인원"],
  ["userNames", "수상자·참여자"],
];

/** The category codes (spec 001 §9). */
export const AWARD_CODE_GROUP = "0001300000";
export const AWARD_CODE = "0001300001";
export const PARTICIPATION_CODE = "0001300002";

/** The place codes (spec 001 §3, §9): 1 on campus, 2 off campus. */
export { PLACE_CODES, placeName } from "~/schemas/place";

/** The attachment: one file, at most 10 MB, of these types (spec 001 §5). */
export const AWARD_FILE_EXTENSIONS = ["hwp", "pdf", "ppt", "pptx", "xlsx", "doc"] as const;
export const AWARD_FILE_FIELD = "file";
/** The saved attachment's remove checkbox (value 'Y'). */
export const AWARD_FILE_REMOVE = "fileDel";

/** The first year of the year list (spec 001 §9: year lists start at 2025, running down from the current year). */
export const AWARD_FIRST_YEAR = 2025;

/**
 * The window of a program's dates (issue 35): the award date and the participation dates lie from
 * January 1 of the program's year to the end of February of the next (the school year), as an
 * activity's do.
 */
export const AWARD_DATE_WINDOW: DateWindow = ACTIVITY_DATE_WINDOW;

/** At most this many winners or participants in one program. */
export const AWARD_MAX_ROWS = 100;

/** The field labels (dialog, sheet headers, the upload's columns). */
export const AWARD_LABELS = {
  year: "년도",
  paSeCd: "구분",
  prgmNm: "프로그램명",
  awardDate: "수상일",
  prgmStde: "시작일",
  prgmEnde: "종료일",
  placeCd: "장소 구분",
  place: "장소",
  prgmDate: "일정",
  id: "학번",
  name: "이름",
  rsrchSbj: "연구주제·수상내용",
} as const;

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max)).transform((s) => s.trim());

/** A winner or participant: the lookup fields and the research subject or award detail. */
export const awardRowSchema = z.object({ ...lookupRowFields, rsrchSbj: text(200) }).passthrough();

export const awardSchema = z
  .object({
    year: text(10),
    /** the program being edited (empty when adding) */
    paSeq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
    paSeCd: text(20),
    prgmNm: text(200),
    awardDate: text(20),
    prgmStde: text(20),
    prgmEnde: text(20),
    placeCd: text(2),
    place: text(200),
    prgmDate: text(500),
    [ROWS]: z.array(awardRowSchema).max(AWARD_MAX_ROWS).default([]),
    [AWARD_FILE_REMOVE]: text(1),
  })
  .superRefine((d, ctx) => {
    const at: IssueAt = (path, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const dateOf = yearAndDates(at, d.year, { firstYear: AWARD_FIRST_YEAR, currentYear: seoulYear(), window: AWARD_DATE_WINDOW, labels: AWARD_LABELS });
    // the category of the year (spec 001 §5: none chosen, or none to choose from, says so)
    const award = d.paSeCd === AWARD_CODE;
    const participation = d.paSeCd === PARTICIPATION_CODE;
    if (!award && !participation) at(["paSeCd"], MSG.awardNoCodes);
    if (!d.prgmNm) at(["prgmNm"], OWN_MSG.awardNameRequired);
    if (award) dateOf("awardDate", d.awardDate, OWN_MSG.awardDateRequired);
    if (participation) {
      dateOf("prgmStde", d.prgmStde, OWN_MSG.activityStartRequired);
      dateOf("prgmEnde", d.prgmEnde, OWN_MSG.activityEndRequired);
      // the start not after the end (spec 001 §5 '참여일을 다시 확인해 주세요.')
      if (isWireDate(d.prgmStde) && isWireDate(d.prgmEnde) && d.prgmStde > d.prgmEnde) at(["prgmEnde"], MSG.participationDates);
      if (d.placeCd !== "1" && d.placeCd !== "2") at(["placeCd"], OWN_MSG.placeCdRequired);
      if (!d.place) at(["place"], MSG.placeRequired);
    }
    // at least one winner or participant (spec 001 §5)
    if (d.rows.length === 0) {
      at([ROWS], participation ? MSG.oneParticipantRequired : MSG.awardOneWinner);
      return;
    }
    const seen = new Set<string>();
    d.rows.forEach((row, i) => {
      const here = (message: string) => at([ROWS, i, "id"], message);
      if (!row.id) return here(OWN_MSG.studentIdRequired);
      if (!STUDENT_NO.test(row.id)) return;
      if (!isConfirmed(row, d.year)) return here(MSG.lookupNotConfirmed);
      if (seen.has(row.id)) return here(MSG.duplicateStudentId);
      seen.add(row.id);
    });
  });

export type AwardForm = z.infer<typeof awardSchema>;

/** The message of 'no winner or participant left' for a category. */
export const oneRowMessage = (paSeCd: unknown) => (paSeCd === PARTICIPATION_CODE ? MSG.oneParticipantRequired : MSG.awardOneWinner);

/** The screen order of the fields, for the '알림' message. */
export const awardOrder: readonly string[] = [
  "year",
  "paSeCd",
  "prgmNm",
  "awardDate",
  "prgmStde",
  "prgmEnde",
  "placeCd",
  "place",
  "prgmDate",
  ROWS,
  ...Array.from({ length: AWARD_MAX_ROWS }, (_, i) => rowField(i, "id")),
];

// ---------------------------------------------------------------------------------------------
// The wire program (spec 001 §3) ⇄ the form
// ---------------------------------------------------------------------------------------------

/** A winner or participant on the wire. */
export interface WireAwardUser {
  id: string;
  name: string;
  usSeq: number | string;
  paSeq?: number | null;
  rsrchSbj: string;
  /** 'Y': the number was confirmed (looked up) for the program's year */
  status: string;
}

/** The program's own fields of the save call's `data` JSON from the checked form. */
export function wireProgram(d: AwardForm): Record<string, unknown> {
  const award = d.paSeCd === AWARD_CODE;
  return {
    paSeq: d.paSeq ? Number(d.paSeq) : null,
    year: Number(d.year),
    paSeCd: d.paSeCd,
    prgmNm: d.prgmNm,
    // a field of the other category is not stored
    awardDate: award ? d.awardDate : "",
    prgmStde: award ? "" : d.prgmStde,
    prgmEnde: award ? "" : d.prgmEnde,
    placeCd: award ? "" : d.placeCd,
    place: award ? "" : d.place,
    prgmDate: award ? "" : d.prgmDate,
    fileDelYn: d.fileDel === "Y" ? "Y" : "N",
    users: d.rows.map((r): WireAwardUser => ({ id: r.id, name: r.name, usSeq: Number(r.usSeq), rsrchSbj: r.rsrchSbj, status: isConfirmed(r, d.year) ? "Y" : "N" })),
  };
}

/** A wire program's values as the dialog's form fields (editing). */
export function formOfProgram(p: Record<string, unknown>): Record<string, string> {
  const s = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  return {
    paSeq: s(p.paSeq),
    year: s(p.year),
    paSeCd: s(p.paSeCd),
    prgmNm: s(p.prgmNm),
    awardDate: s(p.awardDate),
    prgmStde: s(p.prgmStde),
    prgmEnde: s(p.prgmEnde),
    placeCd: s(p.placeCd),
    place: s(p.place),
    prgmDate: s(p.prgmDate),
  };
}

/** A stored winner or participant as the dialog's row: confirmed for the program's year. */
export const userRow = (year: number | string, u: { id: string; name: string; usSeq: number | string | null | undefined; rsrchSbj?: string | null }): LookupRow => ({
  id: u.id,
  name: u.name,
  usSeq: String(u.usSeq ?? ""),
  checked: checkKey(year, u.id),
  rsrchSbj: u.rsrchSbj ?? "",
});

/** The wire users → the form's rows (the backend checks them with the same schema). */
export function rowsOfUsers(year: number | string, users: readonly Partial<WireAwardUser>[]): LookupRow[] {
  return users.map((u) => {
    const id = String(u.id ?? "").trim();
    const usSeq = u.usSeq === undefined || u.usSeq === null ? "" : String(u.usSeq);
    return { id, name: String(u.name ?? ""), usSeq, checked: usSeq ? checkKey(year, id) : "", rsrchSbj: String(u.rsrchSbj ?? "") };
  });
}
