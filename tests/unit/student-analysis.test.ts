/**
 * P18 student analysis (ADR 0042): the numbers (app/routes/_app.insert.student.analysis+/__analysis.ts)
 * and how the loader reads its sources (a source that fails leaves its columns empty and is named;
 * the students failing is the page's failure).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LegacyError } from "~/legacy/errors";
import { analyse, NO_GRADE, type AnalysisSources } from "~/routes/_app.insert.student.analysis+/__analysis";

const G1 = "0000800001";
const G2 = "0000800002";
const ON = "0000600001";
const OFF = "0000600002";

const sources = (over: Partial<AnalysisSources> = {}): AnalysisSources => ({
  grades: [
    { id: G1, text: "1학년" },
    { id: G2, text: "2학년" },
  ],
  statuses: [
    { id: ON, text: "재학" },
    { id: OFF, text: "휴학" },
  ],
  students: [
    { id: "A1", name: "가", grdeCd: G1, attnCd: ON },
    { id: "A2", name: "나", grdeCd: G1, attnCd: OFF },
    { id: "B1", name: "다", grdeCd: G2, attnCd: ON },
    { id: "C1", name: "라", grdeCd: null, attnCd: ON },
  ],
  volunteer: [
    { id: "A1", hours: 7 },
    { id: "A1", hours: 5 },
    { id: "B1", hours: 3 },
  ],
  healthCare: [{ id: "A2", hours: 9 }],
  programs: [
    { id: "A1", award: true },
    { id: "A1", award: false },
    { id: "B1", award: false },
  ],
  patientSafety: [
    { id: "A1", total: 80 },
    { id: "A2", total: 91 },
  ],
  law: [
    { id: "A1", score: 40, totalScore: 50 },
    { id: "A1", score: 90, totalScore: 100 },
    { id: "B1", score: 7, totalScore: 0 },
  ],
  relearners: [{ id: "A2", subjects: 2 }],
  ...over,
});

const all = { grde: null, attn: [], value: "" };

describe("analyse", () => {
  it("sums each student's hours and counts, the law rate as the mean of score ÷ total, empty where nothing is held", () => {
    const { students } = analyse(sources(), all);
    expect(students.find((s) => s.id === "A1")).toEqual({
      id: "A1", name: "가", grdeNm: "1학년", attnNm: "재학", volunteerHours: 12, healthCareHours: 0, awards: 1, programs: 1, pssTotal: 80, lawRate: 85, relearnSubjects: null,
    });
    // an exam without a total score is not a rate
    expect(students.find((s) => s.id === "B1")).toMatchObject({ volunteerHours: 3, programs: 1, pssTotal: null, lawRate: null });
    expect(students.find((s) => s.id === "A2")).toMatchObject({ healthCareHours: 9, relearnSubjects: 2 });
    expect(students.find((s) => s.id === "C1")?.grdeNm).toBe(NO_GRADE);
  });

  it("summarises each grade in the codes' order, with students by status, means and counts; 'no grade' only when someone has none", () => {
    const { byGrade } = analyse(sources(), all);
    expect(byGrade.map((g) => g.grade)).toEqual(["1학년", "2학년", NO_GRADE]);
    expect(byGrade[0]).toEqual({
      grade: "1학년", [ON]: 1, [OFF]: 1, total: 2, volunteerAvg: 6, healthCareAvg: 4.5, awards: 1, programs: 1, pssAvg: 85.5, lawRateAvg: 85, relearners: 1,
    });
    const noneWithout = analyse(sources({ students: sources().students.filter((s) => s.grdeCd) }), all).byGrade;
    expect(noneWithout.map((g) => g.grade)).toEqual(["1학년", "2학년"]);
  });

  it("a grade of the codes without students still has its line (zeros), unless the filter leaves it out", () => {
    const src = sources({ students: sources().students.filter((s) => s.grdeCd === G1) });
    expect(analyse(src, all).byGrade.find((g) => g.grade === "2학년")).toMatchObject({ total: 0, volunteerAvg: 0, pssAvg: null });
    expect(analyse(src, { ...all, grde: [G1] }).byGrade.map((g) => g.grade)).toEqual(["1학년"]);
  });

  it("grade and status narrow the lines and the summary; the text narrows only the lines", () => {
    const byStatus = analyse(sources(), { ...all, attn: [OFF] });
    expect(byStatus.students.map((s) => s.id)).toEqual(["A2"]);
    expect(byStatus.byGrade.find((g) => g.grade === "1학년")).toMatchObject({ total: 1, [ON]: 0, [OFF]: 1 });
    const byText = analyse(sources(), { ...all, value: "다" });
    expect(byText.students.map((s) => s.id)).toEqual(["B1"]);
    expect(byText.byGrade.reduce((n, g) => n + g.total, 0)).toBe(4);
    expect(analyse(sources(), { ...all, value: "A" }).students.map((s) => s.id)).toEqual(["A1", "A2"]);
  });
});

// ---- the loader's sources: the gateway's calls replaced ----
const calls = vi.hoisted(() => ({ fail: new Set<string>() }));
const reply = <T,>(name: string, value: T) => async () => {
  if (calls.fail.has(name)) throw new LegacyError(`${name} 실패`, 500);
  return value;
};
vi.mock("~/legacy/endpoints/people.server", () => ({
  searchCodeLists: reply("codes", { afltnList: [{ id: G1, text: "1학년" }], statusList: [{ id: ON, text: "재학" }], yearList: [] }),
  listStudents: reply("students", { list: [{ id: "A1", name: "가", grdeCd: G1, attnCd: ON }] }),
}));
vi.mock("~/legacy/endpoints/activities.server", () => ({
  listActivities: async (_s: unknown, kind: string) => {
    if (calls.fail.has(kind)) throw new LegacyError(`${kind} 실패`, 500);
    return { list: kind === "volunteer" ? [{ id: "A1", vaTime: "7" }] : [{ id: "A1", gaTime: 4 }] };
  },
}));
vi.mock("~/legacy/endpoints/awards.server", () => ({
  // a legacy list gives userCount only: the program is read on its own
  listPrograms: reply("programs", { list: [{ paSeq: 3, paSeCd: "0001300001", userCount: 1, users: [] }] }),
  programInfo: async () => ({ paSeq: 3, paSeCd: "0001300001", users: [{ id: "A1" }] }),
}));
vi.mock("~/routes/_app.insert.eval.patient-safety+/__calls.server", () => ({ listScores: reply("pss", { list: [{ id: "A1", total: 77 }] }) }));
vi.mock("~/legacy/endpoints/medical-law.server", () => ({
  listLaws: reply("law", { list: [{ hlSeq: 1, totalScore: 20 }] }),
  lawDetail: async () => ({ hlSeq: 1, totalScore: 20, users: [{ id: "A1", score: 15 }] }),
}));
vi.mock("~/legacy/endpoints/relearning.server", () => ({ listRelearners: reply("relearn", { list: [{ id: "A1", subj: [{ reYn: "Y" }, { reYn: "N" }] }] }) }));

describe("readSources", () => {
  beforeEach(() => calls.fail.clear());
  const session = {} as never;

  it("reads every source of the year (a program's users from its own call when the list has none)", async () => {
    const { readSources } = await import("~/routes/_app.insert.student.analysis+/__loader.server");
    const { sources: src, unread } = await readSources(session, 2026);
    expect(unread).toEqual([]);
    expect(analyse(src, all).students).toEqual([
      { id: "A1", name: "가", grdeNm: "1학년", attnNm: "재학", volunteerHours: 7, healthCareHours: 4, awards: 1, programs: 0, pssTotal: 77, lawRate: 75, relearnSubjects: 1 },
    ]);
  });

  it("a source that fails leaves its columns empty and is named; the students failing fails the page", async () => {
    const { readSources } = await import("~/routes/_app.insert.student.analysis+/__loader.server");
    calls.fail.add("pss").add("medical");
    const { sources: src, unread } = await readSources(session, 2026);
    expect(unread).toEqual(["국제보건의료 활동", "환자안전 교과목 성적"]);
    expect(analyse(src, all).students[0]).toMatchObject({ volunteerHours: 7, healthCareHours: 0, pssTotal: null });
    calls.fail.add("students");
    await expect(readSources(session, 2026)).rejects.toThrow("students 실패");
  });
});
