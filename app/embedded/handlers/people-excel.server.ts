/**
 * Excel for students, professors and PBL tutors (spec 001 §5 "Excel upload", §7):
 * - POST /api/{student|professor|tutor}/excelUpload.do (multipart {year, file}): one .xlsx (name
 *   and ZIP signature), at most 10 MB, read as a stream; every row is validated with the form's
 *   own schema (its cells mapped to the form's field names) and the year's code lists; the valid
 *   rows are inserted or, for a student / employee number already in the year, updated, all in one
 *   transaction. The answer names every failing row: its sheet row number, id and message.
 * - GET /api/{student|professor|tutor}/excelDown.do?year&…filters[&eiSeq&menuSeq]: every record of
 *   the filter, streamed ('학생목록_2026.xlsx'); in evaluation mode only the configured columns.
 * - GET /api/{student|professor|tutor}/excelSampleDown.do?year, and by name through
 *   GET /api/resourceFileDownload.do?folderName&fileName (file.server.ts): the upload template
 *   (the upload's headers and one example row).
 * The download's columns are the upload's, so download → edit → upload round-trips.
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { z, type ZodTypeAny } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage, isValidDateText } from "../../schemas/person-fields";
import { professorOrder, professorRecord, professorSchema, type ProfessorRecord } from "../../schemas/professor";
import { ADMS_YEAR_FIRST, admsYears, studentOrder, studentRecord, studentSchema, type StudentRecord } from "../../schemas/student";
import type { CellInput } from "../../utils/excel.server";
import { importSheet, type UploadResult, yearUploadHandler } from "../lib/sheet-import.server";
import type { Db, Tx } from "../db/client.server";
import { professors, students } from "../db/schema";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import type { CallDef } from "../../calls/define";
import { PROFESSOR, STUDENT, TUTOR } from "../../calls/people";
import { parseInput } from "../lib/envelope.server";
import { US_TY, ensurePersons, listYear } from "../lib/people.server";
import { downloadHandler, exampleSheet, type Table } from "../lib/table-routes.server";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
import { codeOfCell, type CodeItem } from "./code.server";
import type { ResourceTemplate } from "./file.server";
import { PROFESSOR_TABLE, TUTOR_TABLE, checkProfessorCodes, professorCodes, type ProfessorCodes, type ProfessorView } from "./professor.server";
import { STUDENT_TABLE, checkStudentCodes, studentCodes, type StudentCodes, type StudentView } from "./student.server";

const UPSERT_BATCH = 500;

// ---------------------------------------------------------------------------------------------
// Cells → form fields
// ---------------------------------------------------------------------------------------------

/** 'YYYY-MM-DD' from '2024-03-01', '2024.03.01', '2024/3/1' or '20240301'; other text unchanged. */
export function normaliseDate(cell: string): string {
  const text = cell.trim().replace(/\s.*$/, "");
  if (isValidDateText(text)) return text;
  let m = /^([0-9]{4})[./-]([0-9]{1,2})[./-]([0-9]{1,2})\.?$/.exec(text);
  if (!m) m = /^([0-9]{4})([0-9]{2})([0-9]{2})$/.exec(text);
  return m ? `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}` : cell.trim();
}

/**
 * ['010', '1234', '5678'] from '010-1234-5678', '010 1234 5678', '01012345678' or 1012345678 (a
 * number cell, which lost its leading zero).
 */
export function phoneCells(cell: string): [string, string, string] {
  const text = cell.trim();
  const parts = text.split(/[-\s.]+/).filter(Boolean);
  if (parts.length === 3) return [parts[0], parts[1], parts[2]];
  let digits = text.replace(/[^0-9]/g, "");
  if (/^1[016-9][0-9]{7,8}$/.test(text)) digits = `0${text}`;
  if (parts.length === 1 && /^0[0-9]{9,10}$/.test(digits)) return [digits.slice(0, 3), digits.slice(3, -4), digits.slice(-4)];
  return [parts[0] ?? "", parts[1] ?? "", parts[2] ?? ""];
}

const yesNo = (cell: string) => {
  const t = cell.trim().toUpperCase();
  return t === "Y" || t === "예" || t === "동의" ? "Y" : t === "N" || t === "아니오" || t === "미동의" ? "N" : cell.trim();
};

const gender = (cell: string) => {
  const t = cell.trim();
  return t === "남" || t === "남자" ? "M" : t === "여" || t === "여자" ? "W" : t.toUpperCase();
};

// ---------------------------------------------------------------------------------------------
// The three kinds
// ---------------------------------------------------------------------------------------------

interface KindColumn<V, C> {
  header: string;
  width?: number;
  /** The exported cell of a record. */
  value: (v: V) => CellInput;
  /** Form fields from the uploaded cell. */
  read: (cell: string, codes: C) => Record<string, unknown>;
  /** The template's example cell. */
  sample: (codes: C, year: number) => string;
}

interface PeopleKind<V, C, R> {
  /** The kind's name, the template's folder for /api/resourceFileDownload.do */
  path: "student" | "professor" | "tutor";
  /** The kind's Excel calls (app/calls/people.ts STUDENT / PROFESSOR / TUTOR). */
  calls: Record<"upload" | "download" | "sample", CallDef>;
  /** The download's name stem ('학생목록' → '학생목록_2026.xlsx') and the sheet name. */
  label: string;
  sampleFile: string;
  usTy: string;
  columns: readonly KindColumn<V, C>[];
  /** The list the download writes (its filter, order and evaluation mode). */
  table: Table<any, V, any>;
  codes(db: Db | Tx, year: number): Promise<C>;
  schema: ZodTypeAny;
  order: readonly string[];
  record(form: never): R;
  checkCodes(db: Db | Tx, year: number, record: R, codes: C): Promise<void>;
  upsert(tx: Tx, year: number, rows: (R & { usSeq: number })[]): Promise<void>;
  /** The columns an upload leaves as they are (keys, photo, …). */
  keep: readonly string[];
  duplicateMessage: string;
  /** Added to the message when rows failed. */
  failureHint?: string;
}

type Sample<C> = string | ((codes: C, year: number) => string);
const sampleFn = <C>(sample: Sample<C>) => (typeof sample === "string" ? () => sample : sample);

const plain = <V, C>(header: string, field: string, value: (v: V) => CellInput, sample: Sample<C>, width?: number): KindColumn<V, C> => ({
  header,
  width,
  value,
  read: (cell) => ({ [field]: cell }),
  sample: sampleFn(sample),
});

const coded = <V, C>(
  header: string,
  field: string,
  list: (c: C) => CodeItem[],
  value: (v: V) => CellInput,
  sampleIndex = 0,
): KindColumn<V, C> => ({
  header,
  value,
  read: (cell, codes) => ({ [field]: codeOfCell(list(codes), cell) }),
  sample: (codes) => list(codes)[sampleIndex]?.text ?? "",
});

const phoneColumn = <V extends { telNo: string }, C>(): KindColumn<V, C> => ({
  header: "연락처",
  width: 16,
  value: (v) => v.telNo,
  read: (cell) => {
    const [telNo1, telNo2, telNo3] = phoneCells(cell);
    return { telNo1, telNo2, telNo3 };
  },
  sample: () => "010-1234-5678",
});

const emailColumns = <V extends { email: string | null; emailDomain: string }, C extends { emailCdList: CodeItem[] }>(sample: string): KindColumn<V, C>[] => [
  plain("이메일", "email", (v) => v.email ?? "", sample, 18),
  coded("이메일 도메인", "emailCd", (c) => c.emailCdList, (v) => v.emailDomain),
];

/** Updates every column but the keys, the photo and `keep` from the conflicting row (EXCLUDED). */
function excludedSet(table: typeof students | typeof professors, keep: readonly string[]): Record<string, SQL> {
  const set: Record<string, SQL> = { uptDt: sql`now()` };
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    if (!keep.includes(key)) set[key] = sql.raw(`excluded."${col.name}"`);
  }
  return set;
}

const STUDENT_KEEP = ["stSeq", "usSeq", "year", "id", "photoRovl", "photoFlnm", "del", "regDt", "uptDt"];
const PROFESSOR_KEEP = ["pfSeq", "usSeq", "year", "id", "photoRovl", "photoFlnm", "del", "regDt", "uptDt"];

const STUDENT_KIND: PeopleKind<StudentView, StudentCodes, StudentRecord> = {
  path: "student",
  calls: STUDENT,
  label: "학생목록",
  sampleFile: "학생_업로드_양식.xlsx",
  usTy: US_TY.student,
  columns: [
    plain("학번", "id", (v) => v.id, (_c, year) => `${year}00001`, 12),
    plain("이름", "name", (v) => v.name, "홍길동", 12),
    // the sample's admission year is the list's year, kept inside 2020 … current year + 10 (spec 001 §9)
    plain("입학년도", "admsYear", (v) => v.admsYear, (_c, year) => String(Math.min(Math.max(year, ADMS_YEAR_FIRST), admsYears()[0]))),
    coded("학적상태", "attnCd", (c) => c.attnList, (v) => v.attnNm),
    coded("학년", "grdeCd", (c) => c.grdeList, (v) => v.grdeNm),
    plain("졸업년도", "grdtnYear", (v) => v.grdtnYear, ""),
    {
      header: "생년월일",
      width: 12,
      value: (v) => v.brde,
      read: (cell) => {
        const [brdeY = "", brdeM = "", brdeD = ""] = normaliseDate(cell).split("-");
        return { brdeY, brdeM, brdeD };
      },
      sample: (_c, year) => `${year - 19}-03-15`,
    },
    coded("출신지역", "birthPlace", (c) => c.birthPlaceList, (v) => v.birthPlaceNm),
    plain("출신고교", "highSchool", (v) => v.highSchool, "경기고등학교", 20),
    plain("고교졸업년도", "hsGrdtnYear", (v) => v.hsGrdtnYear, (_c, year) => String(year)),
    coded("입학전형", "admsSlctn", (c) => c.admsSlctnList, (v) => v.admsSlctnNm, 3),
    phoneColumn(),
    ...emailColumns<StudentView, StudentCodes>("gildong.hong"),
    {
      header: "코호트동의",
      value: (v) => v.cohortYn,
      read: (cell) => ({ cohortYn: yesNo(cell) }),
      sample: () => "Y",
    },
  ],
  table: STUDENT_TABLE,
  codes: studentCodes,
  schema: studentSchema,
  order: studentOrder,
  record: studentRecord as (form: never) => StudentRecord,
  checkCodes: checkStudentCodes,
  keep: STUDENT_KEEP,
  async upsert(tx, year, rows) {
    const set = excludedSet(students, STUDENT_KEEP);
    for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
      await tx
        .insert(students)
        .values(rows.slice(i, i + UPSERT_BATCH).map((r) => ({ ...r, year })))
        .onConflictDoUpdate({ target: [students.year, students.id], targetWhere: sql`del = 'N'`, set });
    }
  },
  duplicateMessage: MSG.duplicateStudentId,
  failureHint: MSG.uploadStudentHint,
};

const professorColumns = (idSample: (year: number) => string): KindColumn<ProfessorView, ProfessorCodes>[] => [
  plain("사번", "id", (v) => v.id, (_c, year) => idSample(year), 12),
  plain("이름", "name", (v) => v.name, "김민준", 12),
  {
    header: "성별",
    value: (v) => v.gndrNm,
    read: (cell) => ({ gndr: gender(cell) }),
    sample: () => "남",
  },
  {
    header: "입사일",
    width: 12,
    value: (v) => v.emplyDate,
    read: (cell) => ({ emplyDate: normaliseDate(cell) }),
    sample: (_c, year) => `${year}-03-01`,
  },
  coded("재직상태", "emplyCd", (c) => c.emplyList, (v) => v.emplyNm),
  {
    header: "퇴사일",
    width: 12,
    value: (v) => v.rsgntDate,
    read: (cell) => ({ rsgntDate: cell ? normaliseDate(cell) : "" }),
    sample: () => "",
  },
  coded("직위", "jobCd", (c) => c.jobCdList, (v) => v.jobNm, 2),
  coded("소속", "dptCd", (c) => c.dptCdList, (v) => v.dptNm, 8),
  plain("출신학교", "school", (v) => v.school, "서울대학교 의과대학", 22),
  plain("수련기관", "trngAgcy", (v) => v.trngAgcy ?? "", "서울대학교병원", 18),
  phoneColumn(),
  ...emailColumns<ProfessorView, ProfessorCodes>("minjun.kim"),
];

function professorKind(tutor: boolean): PeopleKind<ProfessorView, ProfessorCodes, ProfessorRecord> {
  const keep = tutor ? PROFESSOR_KEEP : [...PROFESSOR_KEEP, "tutorYn"];
  return {
    path: tutor ? "tutor" : "professor",
    calls: tutor ? TUTOR : PROFESSOR,
    label: tutor ? "PBL튜터목록" : "교수목록",
    sampleFile: tutor ? "PBL튜터_업로드_양식.xlsx" : "교수_업로드_양식.xlsx",
    usTy: US_TY.professor,
    columns: professorColumns((year) => `${year}901`),
    table: tutor ? TUTOR_TABLE : PROFESSOR_TABLE,
    codes: professorCodes,
    schema: professorSchema,
    order: professorOrder,
    record: ((form: Parameters<typeof professorRecord>[0]) => ({ ...professorRecord(form), tutorYn: tutor ? "Y" : "N" })) as (
      form: never,
    ) => ProfessorRecord,
    checkCodes: checkProfessorCodes,
    keep,
    async upsert(tx, year, rows) {
      const set = excludedSet(professors, keep);
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        await tx
          .insert(professors)
          .values(rows.slice(i, i + UPSERT_BATCH).map((r) => ({ ...r, year })))
          .onConflictDoUpdate({ target: [professors.year, professors.id], targetWhere: sql`del = 'N'`, set });
      }
    },
    duplicateMessage: MSG.duplicateEmployeeId,
  };
}

export const PEOPLE_KINDS = [STUDENT_KIND, professorKind(false), professorKind(true)] as const;
type AnyKind = PeopleKind<any, any, any>;

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

/** Validates every row of the workbook and stores the valid ones; answers the counts and failures. */
export async function importPeople(db: Db, kind: AnyKind, year: number, bytes: Uint8Array): Promise<UploadResult> {
  const codes = await kind.codes(db, year);
  type Row = Record<string, unknown> & { id: string };
  const idHeader = kind.columns.find((c) => "id" in c.read("", codes))?.header ?? "";
  const save = async (tx: Tx, records: Row[]) => {
    const seqs = await ensurePersons(tx, kind.usTy, records.map((r) => r.id));
    await kind.upsert(
      tx,
      year,
      records.map((r) => ({ ...r, usSeq: seqs.get(r.id)! })),
    );
  };
  return importSheet<Row>(db, {
    headers: kind.columns.map((c) => c.header),
    idOf: (cells) => cells[idHeader] ?? "",
    read: async (cells) => {
      const fields: Record<string, unknown> = {};
      for (const col of kind.columns) Object.assign(fields, col.read(cells[col.header] ?? "", codes));
      const parsed = kind.schema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, kind.order) ?? OWN_MSG.badRequest };
      const record = kind.record(parsed.data as never) as Row;
      await kind.checkCodes(db, year, record, codes);
      return { ok: true, record };
    },
    year,
    // the natural key: the student / employee number within the year (ADR 0061)
    key: (record) => record.id,
    duplicateMessage: kind.duplicateMessage,
    store: {
      stored: async (tx, records) => {
        const table = kind.usTy === US_TY.student ? students : professors;
        const found = await tx
          .select()
          .from(table)
          .where(and(eq(table.year, year), eq(table.del, "N"), inArray(table.id, records.map((r) => r.id))));
        return new Map(found.map((row) => [row.id, { ref: row.id, values: row as Record<string, unknown> }]));
      },
      // what an upload writes: every field but the keys, the photo and what the kind keeps
      valuesOf: (record) => Object.fromEntries(Object.entries(record).filter(([k]) => !kind.keep.includes(k))),
      insert: (tx, records) => save(tx, records),
      update: (tx, changed) => save(tx, changed.map((c) => c.record)),
    },
  }, bytes);
}

const peopleUpload = (kind: AnyKind) => yearUploadHandler((ctx, year, bytes) => importPeople(ctx.db, kind, year, bytes), kind.failureHint);

// ---------------------------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------------------------

/** The template: the upload's headers and one example row with the year's code names. */
async function templateResponse(db: Db, kind: AnyKind, year: number): Promise<Response> {
  const codes = await kind.codes(db, year);
  return exampleSheet(kind.sampleFile, kind.label, kind.columns.map((c) => ({ ...c, value: c.sample(codes, year) })));
}

const SampleQuery = z.object({ year: listYear });

function sampleHandler(kind: AnyKind) {
  return async (ctx: CallContext): Promise<Response> => {
    requireAuth(ctx);
    const { year } = parseInput(SampleQuery, ctx.body);
    return templateResponse(ctx.db, kind, year);
  };
}

/** The upload templates by folder and file name, for /api/resourceFileDownload.do (file.server.ts). */
export const peopleTemplates: ResourceTemplate[] = PEOPLE_KINDS.map((kind) => ({
  folderName: kind.path,
  fileName: kind.sampleFile,
  build: (db, year) => templateResponse(db, kind, year),
}));

export const peopleExcelRoutes: RouteDef[] = PEOPLE_KINDS.map((kind) => route(kind.calls.upload, "required", peopleUpload(kind), { multipartMaxBytes: MAX_UPLOAD_BODY_BYTES }));

/** The download: the list's records (filter, order, evaluation mode) with the upload's columns. */
const peopleDownload = (kind: AnyKind) =>
  downloadHandler(kind.table, { label: kind.label, columns: () => kind.columns.map((c) => ({ header: c.header, width: c.width, value: c.value })) });

export const peopleExcelGetRoutes: GetRouteDef[] = [
  ...PEOPLE_KINDS.flatMap((kind: AnyKind): GetRouteDef[] => [
    getRoute(kind.calls.download, "required", peopleDownload(kind)),
    getRoute(kind.calls.sample, "required", sampleHandler(kind)),
  ]),
];
