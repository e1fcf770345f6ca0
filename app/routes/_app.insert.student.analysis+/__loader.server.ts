/**
 * P18 학생 분석 (ADR 0042): the page's loader (on the list kit) and its Excel route. The page has
 * no call of its own: it reads the spec's list calls of the year (students and their codes,
 * volunteer and health-care activity, awards and programs, patient-safety scores, law exams,
 * re-learners), so it works the same against a legacy server. The numbers are made by
 * __analysis.ts beside it. A source other than the students that cannot be read leaves its
 * columns empty and says so; the students themselves failing is the page's '알림'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listActivities } from "~/legacy/endpoints/activities.server";
import { listPrograms, programInfo, type WireProgram } from "~/legacy/endpoints/awards.server";
import { lawDetail, listLaws, type WireLawUser } from "~/legacy/endpoints/medical-law.server";
import { listScores } from "~/routes/_app.insert.eval.patient-safety+/__calls.server";
import { listStudents, searchCodeLists } from "~/legacy/endpoints/people.server";
import { listRelearners } from "~/legacy/endpoints/relearning.server";
import type { TokenHolder } from "~/legacy/gateway.server";
import { ACTIVITY_KINDS } from "~/schemas/activities";
import { AWARD_CODE } from "~/routes/_app.insert.student.awards+/__schema";
import { OWN_MSG } from "~/schemas/messages.ko";
import { excelDownload } from "~/utils/excel-download.server";
import { reportChartSvg } from "~/utils/chart.server";
import { xlsxResponse } from "~/utils/excel.server";
import { listLoader, readListState } from "~/utils/list-loader.server";
import { readMulti, readText, sortRows } from "~/utils/list-url";
import { analyse, analysisCharts, ANALYSIS_PATH, ANALYSIS_TITLE, GRADE_ACTIVITY_COLUMNS, STUDENT_COLUMNS, type AnalysisFilter, type AnalysisMore, type AnalysisSources, type StudentAnalysisRow } from "./__analysis";
import { orLegacy } from "~/utils/legacy-errors.server";

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The law exams' takers; a list that does not carry them is asked per exam, four at a time. */
async function lawTakers(session: TokenHolder, year: number): Promise<AnalysisSources["law"]> {
  const exams = (await listLaws(session, { year, value: "", tgetSt: [] })).list as { hlSeq: number; totalScore: number }[];
  const out: { id: string; score: number; totalScore: number }[] = [];
  for (let i = 0; i < exams.length; i += 4) {
    const details = await Promise.all(exams.slice(i, i + 4).map((e) => lawDetail(session, e.hlSeq)));
    details.forEach((d, j) => {
      const total = num(d.totalScore) || num(exams[i + j].totalScore);
      for (const u of d.users as WireLawUser[]) out.push({ id: String(u.id), score: num(u.score), totalScore: total });
    });
  }
  return out;
}

/** The programs' users; a list row without its users (a legacy list gives userCount only) is read on its own. */
async function programUsers(session: TokenHolder, year: number): Promise<AnalysisSources["programs"]> {
  const programs = (await listPrograms(session, { year, searchTxt: "" })).list as WireProgram[];
  const full: WireProgram[] = [];
  for (const p of programs) {
    if (p.users.length || !p.userCount) full.push(p);
    else full.push((await programInfo(session, p.paSeq)) ?? p);
  }
  return full.flatMap((p) => p.users.map((u) => ({ id: String(u.id), award: p.paSeCd === AWARD_CODE })));
}

const hoursOf = (kind: "volunteer" | "medical") => {
  const key = `${ACTIVITY_KINDS[kind].prefix}Time`;
  return async (session: TokenHolder, year: number) =>
    ((await listActivities(session, kind, { year, searchTxt: "" })).list as Record<string, unknown>[]).map((r) => ({ id: String(r.id), hours: num(r[key]) }));
};

/** Each source besides the students, with the name the notice gives it. */
const SOURCES = {
  volunteer: { label: "봉사활동", read: hoursOf("volunteer") },
  healthCare: { label: "국제보건의료 활동", read: hoursOf("medical") },
  programs: { label: "연구참여 및 수상", read: programUsers },
  patientSafety: {
    label: "환자안전 교과목 성적",
    read: async (session: TokenHolder, year: number) =>
      ((await listScores(session, { year, searchTxt: "" })).list as { id: string; total: number }[]).map((r) => ({ id: String(r.id), total: num(r.total) })),
  },
  law: { label: "보건의료법규 성적", read: lawTakers },
  relearners: {
    label: "재학습자 선정 자료",
    read: async (session: TokenHolder, year: number) =>
      ((await listRelearners(session, { year, value: "" })).list as { id: string; subj: { reYn: string }[] }[]).map((r) => ({
        id: String(r.id),
        subjects: r.subj.filter((s) => s.reYn === "Y").length,
      })),
  },
} satisfies Record<string, { label: string; read: (session: TokenHolder, year: number) => Promise<unknown> }>;
type SourceKey = keyof typeof SOURCES;

/** The year's records for the analysis, and which of them could not be read. */
export async function readSources(session: TokenHolder, year: number): Promise<{ sources: AnalysisSources; unread: string[] }> {
  const keys = Object.keys(SOURCES) as SourceKey[];
  const [codes, students, ...rest] = await Promise.all([
    searchCodeLists(session, 1, year),
    listStudents(session, { year, grde: "all", attn: [], value: "" }),
    ...keys.map((k) =>
      // a record kind that cannot be read is named on the page; the rest is analysed
      orLegacy(
        async () => ({ ok: true as const, v: await SOURCES[k].read(session, year) }),
        () => ({ ok: false as const, v: [] }),
      ),
    ),
  ]);
  const part = Object.fromEntries(keys.map((k, i) => [k, rest[i].v])) as unknown as Pick<AnalysisSources, SourceKey>;
  return {
    sources: {
      grades: codes.afltnList,
      statuses: codes.statusList,
      students: (students.list as { id: string; name: string; grdeCd: string | null; attnCd: string }[]).map((s) => ({ id: String(s.id), name: s.name, grdeCd: s.grdeCd, attnCd: s.attnCd })),
      ...part,
    },
    unread: keys.filter((_, i) => !rest[i].ok).map((k) => SOURCES[k].label),
  };
}

const SORTABLE = STUDENT_COLUMNS.map((c) => c.key);
const analysisFilter = (url: URL): AnalysisFilter => ({ grde: readMulti(url, "grde"), attn: readMulti(url, "attn") ?? [], value: readText(url) });
const unreadNotice = (unread: readonly string[]) => (unread.length ? `${OWN_MSG.analysisUnread} (${unread.join(", ")})` : null);

export const analysisLoader = listLoader({
  key: "id",
  filter: analysisFilter,
  sortable: SORTABLE,
  list: async (ctx, { year, filter }) => {
    const { sources, unread } = await readSources(ctx.session, year);
    const { students, byGrade } = analyse(sources, filter);
    return { list: students, byGrade, grades: [...sources.grades], statuses: [...sources.statuses], unread };
  },
  more: (_ctx, _state, reply): AnalysisMore => {
    const statuses = reply?.statuses ?? [];
    const byGrade = reply?.byGrade ?? [];
    const charts = analysisCharts(statuses);
    return {
      grades: reply?.grades ?? [],
      statuses,
      byGrade,
      unread: unreadNotice(reply?.unread ?? []),
      charts: { enrolment: reportChartSvg(charts.enrolment, byGrade), hours: reportChartSvg(charts.hours, byGrade) },
    };
  },
});

/** The Excel route: the filtered students in the page's sort (every page), and the two summaries as sheets of their own. */
export const analysisExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: ANALYSIS_PATH,
    download: async (session, url, year) => {
      const state = readListState(url, {}, { filter: analysisFilter, sortable: SORTABLE });
      const { sources } = await readSources(session, year);
      const { students, byGrade } = analyse(sources, state.filter);
      const statusColumns = sources.statuses.map((s) => ({ header: s.text, value: (r: Record<string, unknown>) => r[s.id] as number }));
      return {
        name: `${ANALYSIS_TITLE}_${year}.xlsx`,
        res: xlsxResponse(`${ANALYSIS_TITLE}_${year}.xlsx`, {
          sheetName: "학생별",
          columns: STUDENT_COLUMNS.map((c) => ({ header: c.header, value: (r: StudentAnalysisRow) => r[c.key] })),
          rows: sortRows(students, state.sort),
          sheets: [
            {
              sheetName: "학년별 학적 현황",
              columns: [{ header: "학년", value: (r) => r.grade as string }, ...statusColumns, { header: "합계", value: (r) => r.total as number }],
              rows: byGrade,
            },
            {
              sheetName: "학년별 활동·성적",
              columns: [{ header: "학년", value: (r) => r.grade as string }, ...GRADE_ACTIVITY_COLUMNS.map((c) => ({ header: c.header, value: (r: Record<string, unknown>) => r[c.key] as number | null }))],
              rows: byGrade,
            },
          ],
        }),
      };
    },
  });
