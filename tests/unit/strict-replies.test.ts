/**
 * The web tier against replies shaped as the spec gives them (issue 11; docs/decisions/0014).
 *
 * A strict fake (tests/unit/strict-fake.ts) stands in front of the embedded backend and strips
 * every reply down to the fields the spec lists for that call (app/legacy/spec-replies.ts): no
 * `total` on lists, no keys on saves, only `findInfo.userSeq` from find-password, only §3 fields
 * in records. The endpoint functions of app/legacy/endpoints run against it and must succeed and
 * yield what the screens need; then the screens' own actions (save, find and change password) run
 * against it too.
 *
 * A unit test, not a contract test: it always runs in-process against the embedded backend (the
 * fake needs it behind), whatever LEGACY_API_URL says; tests/contract checks the backend itself.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { memoryBackend } from "../memory-backend";
import * as accountApi from "~/legacy/endpoints/account.server";
import * as achievementApi from "~/routes/_app.insert.professor.archive+/__calls.server";
import * as analysisApi from "~/routes/_app.eval.monitor.analysis+/__calls.server";
import { login } from "~/legacy/endpoints/auth.server";
import * as lawApi from "~/legacy/endpoints/medical-law.server";
import { studentName } from "~/legacy/endpoints/lookup.server";
import * as indicators from "~/legacy/endpoints/eval-indicators.server";
import * as people from "~/legacy/endpoints/people.server";
import * as pss from "~/routes/_app.insert.eval.patient-safety+/__calls.server";
import * as relearn from "~/legacy/endpoints/relearning.server";
import * as activities from "~/legacy/endpoints/activities.server";
import * as awards from "~/legacy/endpoints/awards.server";
import * as seminars from "~/routes/_app.insert.professor.seminar+/__calls.server";
import * as committees from "~/legacy/endpoints/committees.server";
import type { TokenHolder } from "~/legacy/gateway.server";
import { setTransportForTests } from "~/legacy/transport.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { checkKey } from "~/schemas/student-rows";
import { Session } from "~/utils/session.server";
import { SPEC_REPLIES, stripReply } from "~/legacy/spec-replies";
import { strictFake, type StrictFake } from "./strict-fake";

const PASSWORD = process.env.DEMO_PASSWORD || "Demo1234!";
const YEAR = 2026;

let backend: EmbeddedBackend;
let fake: StrictFake;
let session: TokenHolder;
let signedIn: Awaited<ReturnType<typeof login>>;

function holder(accessToken: string, refreshToken: string): TokenHolder {
  let at = accessToken;
  let rt = refreshToken;
  return {
    get accessToken() {
      return at;
    },
    get refreshToken() {
      return rt;
    },
    autoLogin: false,
    setTokens(a, r) {
      at = a;
      rt = r;
    },
  };
}

/** A call straight to the embedded backend (setting up, not the web tier under test). */
async function direct(path: string, body: unknown, token?: string) {
  const res = await backend.fetch(
    new Request(`http://embedded.invalid${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return (await res.json()) as { status: number; message?: string; result?: Record<string, unknown> };
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "strict-replies-secret-0123456789abcdef";
  backend = await memoryBackend();
  // the one-time code of find-password, as an administrator reads it in the outbox (ADR 0024)
  const codeOf = async (userSeq: number) => {
    const info = (await direct("/api/getUserInfo.do", { seq: userSeq }, session.accessToken)).result as { info: { userId: string } };
    const list = ((await direct("/api/setting/getAccountMailList.do", {}, session.accessToken)).result as { list: { userId: string; kind: string; body: string }[] }).list;
    const mail = list.find((m) => m.userId === info.info.userId && m.kind === "reset_code");
    return /\d{6}/.exec(mail?.body ?? "")?.[0] ?? "";
  };
  fake = strictFake((req) => backend.fetch(req), { codeOf });
  setTransportForTests(fake.transport);
  signedIn = await login({ userId: "admin", userPass: PASSWORD, autoLogin: false });
  session = holder(signedIn.userInfo.accessToken, signedIn.reJwtToken);
}, 60_000);

afterAll(async () => {
  setTransportForTests(undefined);
  await backend?.close();
});

const studentFields = (id: string, name = "배유나") => ({
  name, admsYear: "2026", brdeY: "2007", brdeM: "01", brdeD: "20", highSchool: "대구과학고등학교", admsSlctn: "0000700002", email: "", emailCd: "",
  id, attnCd: "0000600001", grdeCd: "0000800001", grdtnYear: "", birthPlace: "0001000003", hsGrdtnYear: "2026", telNo1: "010", telNo2: "5050",
  telNo3: "6060", cohortYn: "N",
});

const professorFields = (id: string, name = "장현석") => ({
  name, id, gndr: "M", emplyDate: "2020-03-01", emplyCd: "0001100001", rsgntDate: "", jobCd: "0000500003", dptCd: "0000300005",
  school: "경희대학교 의과대학", trngAgcy: "", telNo1: "010", telNo2: "1111", telNo3: "2222", email: "", emailCd: "", tutorYn: "Y",
});

describe("the strict fake", () => {
  it("strips a reply to the spec's fields (the embedded backend's additions are gone)", async () => {
    const res = await fake.transport(
      new Request("http://embedded.invalid/api/student/getList.do", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${session.accessToken}` },
        body: JSON.stringify({ year: YEAR, grde: "all", attn: [], value: "" }),
      }),
    );
    const body = (await res.json()) as { status: number; result: { list: Record<string, unknown>[]; total?: number } };
    expect(body.status).toBe(200);
    expect(body.result.total).toBeUndefined();
    expect(Object.keys(body.result)).toEqual(["list"]);
    // a §3 field stays, a name the embedded backend adds goes
    expect(body.result.list[0]).toHaveProperty("id");
    expect(body.result.list[0]).not.toHaveProperty("attnNm");

    const saved = stripReply({ status: 200, message: "등록되었습니다.", result: { usSeq: 7, stSeq: 9 } }, SPEC_REPLIES["/api/student/edit.do"], false);
    expect(saved).toEqual({ status: 200, message: "등록되었습니다." });
    const found = stripReply({ status: 200, result: { findInfo: { userSeq: 3, changeToken: "t" } } }, SPEC_REPLIES["/api/loginpass/findUserInfo.do"], false);
    expect(found).toEqual({ status: 200, result: { findInfo: { userSeq: 3 } } });
    const law = stripReply({ status: 200, result: { hlSeq: 1, regId: 2, users: JSON.stringify([{ usSeq: 1, id: "1", name: "가", score: 9, status: "Y", grdeNm: "x" }]) } }, SPEC_REPLIES["/api/medical/detail.do"], false);
    expect(JSON.parse((law.result as { users: string }).users)).toEqual([{ usSeq: 1, id: "1", name: "가", score: 9, status: "Y" }]);
  });

  it("refuses a call the spec lists nothing for", async () => {
    await expect(fake.transport(new Request("http://embedded.invalid/api/unknown.do", { method: "POST", body: "{}" }))).rejects.toThrow(/no spec list/);
  });
});

describe("students (spec 001 §7)", () => {
  it("code lists, the list without total, evaluation mode without columns", async () => {
    const codes = await people.searchCodeLists(session, 1, YEAR);
    expect(codes.afltnList.length).toBeGreaterThan(0);
    expect(codes.yearList).toContain(YEAR);
    expect((await people.studentFormCodes(session, YEAR)).birthPlaceList.length).toBeGreaterThan(0);

    const list = await people.listStudents(session, { year: YEAR, grde: "all", attn: [], value: "" });
    expect(list.total).toBeUndefined();
    expect(list.list.length).toBeGreaterThan(350);
    const row = list.list[0] as people.WireStudentRow;
    expect(row.status).not.toBe("");
    expect(row.txt).not.toBe("");

    const ev = await people.listStudents(session, { year: YEAR, grde: "all", attn: [], value: "", eiSeq: 1, menuSeq: 11 });
    expect(ev.columns).toBeUndefined();
    const columns = await indicators.evalColumns(session, 1, 11, YEAR);
    expect(columns.map((c) => c.clm)).toEqual(["id", "name", "grdeNm", "attnNm", "admsYear"]);
    expect(Object.keys(ev.list[0]).sort()).toEqual(["admsYear", "attnNm", "grdeNm", "id", "name"]);
  });

  it("saves with the spec's field names and no key in the reply; the detail's split fields come from brde and telNo", async () => {
    const fields = studentFields("990000201");
    const saved = await people.saveStudent(session, { fields, year: YEAR });
    expect(saved).toEqual({ message: MSG.created, usSeq: undefined });
    const sent = fake.last("/api/student/edit.do")!.body;
    expect(sent).toMatchObject({ brdeOrg: "2007-01-20", telNoOrg: "010-5050-6060", brde: "2007-01-20", telNo: "010-5050-6060", year: String(YEAR) });
    expect(sent).not.toHaveProperty("usSeq");

    const found = await people.listStudents(session, { year: YEAR, grde: "all", attn: [], value: "990000201" });
    expect(found.list).toHaveLength(1);
    const usSeq = (found.list[0] as people.WireStudentRow).usSeq;
    const detail = await people.getStudent(session, usSeq, YEAR);
    expect([detail.brdeY, detail.brdeM, detail.brdeD]).toEqual(["2007", "01", "20"]);
    expect([detail.telNo1, detail.telNo2, detail.telNo3]).toEqual(["010", "5050", "6060"]);
    expect(detail.name).toBe("배유나");

    const updated = await people.saveStudent(session, { fields: { ...fields, name: "배유진", telNo3: "7070" }, year: YEAR, usSeq });
    expect(updated.message).toBe(MSG.updated);
    expect((await people.getStudent(session, usSeq, YEAR)).telNo3).toBe("7070");

    // a taken number is status 201: the server's message, as an error
    await expect(people.saveStudent(session, { fields, year: YEAR })).rejects.toMatchObject({ message: OWN_MSG.studentIdTaken });

    await people.deleteStudent(session, usSeq, YEAR);
    await expect(people.getStudent(session, usSeq, YEAR)).rejects.toMatchObject({ message: MSG.noData });
  });

  it("the Excel upload answers its counts without failures", async () => {
    const template = await people.downloadPeopleTemplate(session, "student", YEAR);
    const file = new File([await template.arrayBuffer()], "학생.xlsx");
    const r = await people.uploadPeopleExcel(session, "student", YEAR, file);
    expect(r.successCount + r.faildCount).toBe(1);
    expect(r.failures).toEqual([]);
    expect(r.message).not.toBe("");
  });
});

describe("professors and PBL tutors (spec 001 §7)", () => {
  it("saves telNo joined with '-', lists without total and pfSeq, derives the phone parts of the detail", async () => {
    const fields = professorFields("990201");
    const saved = await people.saveProfessor(session, { fields, year: YEAR });
    expect(saved).toEqual({ message: MSG.created, usSeq: undefined });
    expect(fake.last("/api/professor/edit.do")!.body).toMatchObject({ telNo: "010-1111-2222", year: String(YEAR) });

    const list = await people.listProfessors(session, { year: YEAR, dpt: "all", emply: [], value: "990201" });
    expect(list.total).toBeUndefined();
    expect(list.list).toHaveLength(1);
    const row = list.list[0] as people.WireProfessorRow;
    expect(row.pfSeq).toBeUndefined();
    expect(row.status).toBe("재직");
    expect(row.txt).toContain("교수");

    const detail = await people.getProfessor(session, row.usSeq, YEAR);
    expect(detail.pfSeq).toBeGreaterThan(0);
    expect([detail.telNo1, detail.telNo2, detail.telNo3]).toEqual(["010", "1111", "2222"]);
    // tutorYn is ours: the strict reply has none, the form falls back to N
    expect(detail.tutorYn).toBe("");

    const tutors = await people.listTutors(session, { year: YEAR, dpt: "all", emply: [], value: "" });
    expect(tutors.total).toBeUndefined();
    expect(tutors.list.map((r) => (r as people.WireProfessorRow).id)).toContain("990201");

    const updated = await people.saveProfessor(session, { fields: { ...fields, telNo2: "3333" }, year: YEAR, usSeq: row.usSeq });
    expect(updated.message).toBe(MSG.updated);
    expect((await people.getProfessor(session, row.usSeq, YEAR)).telNo2).toBe("3333");
    await people.deleteProfessor(session, row.usSeq, YEAR);
    await expect(people.getProfessor(session, row.usSeq, YEAR)).rejects.toMatchObject({ message: MSG.noData });
  });
});

describe("seminars (spec 001 §7)", () => {
  it("categories, the professor lookup, save with a schedule, list without total or our names, detail with users as JSON text, delete", async () => {
    const pfId = "990301";
    await people.saveProfessor(session, { fields: professorFields(pfId, "세미나엄격"), year: YEAR });
    const pf = await seminars.professorName(session, pfId, YEAR);
    expect(pf).toMatchObject({ name: "세미나엄격", usSeq: expect.any(Number) });
    expect(await seminars.professorName(session, "990399", YEAR)).toBeNull();
    const [code] = await seminars.seminarCategories(session, YEAR);
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "일정표.pdf", { type: "application/pdf" });
    const data = { smSeq: null, year: YEAR, smSe: code.id, smStde: "2026-04-01", smEnde: "2026-04-01", placeCd: "1", place: "엄격한 세미나실", users: [{ usSeq: pf!.usSeq, id: pfId, name: "세미나엄격" }], fileDel: "N" };
    expect(await seminars.saveSeminar(session, data, pdf)).toBe(MSG.created);
    const list = await seminars.listSeminars(session, { year: YEAR, value: "엄격한 세미나실" });
    expect(list.total).toBeUndefined();
    const row = list.list[0] as seminars.WireSeminar;
    expect(row).not.toHaveProperty("placeNm");
    expect(row).not.toHaveProperty("userNm");
    expect(row).toMatchObject({ smSe: code.id, smSeNm: code.text, place: "엄격한 세미나실", orn: "일정표.pdf", userCnt: 1 });
    const detail = await seminars.seminarDetail(session, row.smSeq);
    expect(detail!.users).toEqual([{ smSeq: row.smSeq, usSeq: pf!.usSeq, id: pfId, name: "세미나엄격", status: "Y" }]);
    await seminars.deleteSeminar(session, row.smSeq);
    await expect(seminars.seminarDetail(session, row.smSeq)).rejects.toMatchObject({ message: MSG.noData });
  });
});

describe("committees (spec 001 §7)", () => {
  it("save, list without total or our terms' count, terms (not all, all), term save, copy and delete, members (search, insert, list, delete), committee delete", async () => {
    expect(await committees.saveCommittee(session, { cmtNm: "엄격한위원회", oprStt: "Y", year: 1995 })).toBe(MSG.created);
    const list = await committees.listCommittees(session, { cmtNm: "엄격한위원회" });
    expect(list.total).toBeUndefined();
    const row = list.list[0] as committees.WireCommittee;
    expect(row).not.toHaveProperty("termCnt");
    expect(row).toMatchObject({ cmtNm: "엄격한위원회", year: 1995, oprStt: "Y", oprSttNm: "운영" });
    for (const n of [1, 2, 3, 4]) expect(await committees.saveTerm(session, { cmtSeq: row.cmtSeq, ctNm: `${n}기`, operStdt: `${2020 + n}-03-01 00:00:00`, operEndt: `${2021 + n}-02-28 23:59:59` })).toBe(MSG.created);
    const few = await committees.listTerms(session, { cmtSeq: row.cmtSeq, searchTxt: "", all: "N" });
    expect(few.list.map((t) => t.ctNm)).toEqual(["4기", "3기", "2기"]);
    const all = await committees.listTerms(session, { cmtSeq: row.cmtSeq, searchTxt: "", all: "Y" });
    expect(all.list.at(-1)).toEqual({ ctSeq: expect.any(Number), ctNm: "1기", operStdt: "2021-03-01 00:00:00", operEndt: "2022-02-28 23:59:59" });
    expect(await committees.copyTerm(session, all.list[0].ctSeq, row.cmtSeq)).toBe(MSG.copied);
    await committees.deleteTerm(session, all.list[0].ctSeq, row.cmtSeq);
    expect((await committees.listTerms(session, { cmtSeq: row.cmtSeq, searchTxt: "4기", all: "Y" })).list.map((t) => t.ctNm)).toEqual(["4기 (복사)"]);
    // R09 members against spec-shaped replies (§3 "Term member")
    const people = await committees.searchMembers(session, "김");
    expect(people.length).toBeGreaterThan(1);
    const ctSeq = (await committees.listTerms(session, { cmtSeq: row.cmtSeq, searchTxt: "", all: "N" })).list[0].ctSeq;
    expect(await committees.insertMembers(session, { cmtSeq: row.cmtSeq, ctSeq, userList: [{ usSeq: people[0].usSeq }] })).toBe(MSG.created);
    const members = await committees.listMembers(session, ctSeq);
    expect(members).toEqual([expect.objectContaining({ usSeq: people[0].usSeq, id: people[0].id, name: people[0].name, actvtYn: "Y" })]);
    await committees.deleteMember(session, ctSeq, people[0].usSeq, row.cmtSeq);
    expect(await committees.listMembers(session, ctSeq)).toEqual([]);
    await committees.deleteCommittee(session, row.cmtSeq);
    expect((await committees.listCommittees(session, { cmtNm: "엄격한위원회" })).list).toEqual([]);
  });
});

describe("score screens (spec 002 §7) and achievement (spec 001 §7)", () => {
  const ID = "990000202";
  let usSeq = 0;
  let name = "";

  beforeAll(async () => {
    await people.saveStudent(session, { fields: studentFields(ID, "한결"), year: YEAR });
    const stu = await studentName(session, ID, YEAR);
    expect(stu).not.toBeNull();
    usSeq = stu!.usSeq;
    name = stu!.name;
  });

  it("patient safety: list without total, save and delete without keys", async () => {
    const before = await pss.listScores(session, { year: YEAR, searchTxt: "" });
    expect(before.total).toBeUndefined();
    expect(before.list.length).toBeGreaterThan(0);

    const row = { id: ID, name, usSeq, attn: "0", quiz: "25", rcgnSrvy: "20", ptntSftyRprt: "28", group1: "7", group2: "7", prtcDgr: "0", grd: "H" };
    expect((await pss.saveScores(session, { mode: "insert", year: YEAR, data: [row] })).message).toBe(MSG.created);
    const mine = (await pss.listScores(session, { year: YEAR, searchTxt: ID })).list as pss.WirePssRow[];
    expect(mine).toHaveLength(1);
    expect(mine[0].total).toBe(87);

    expect((await pss.saveScores(session, { mode: "update", year: YEAR, pssSeq: mine[0].pssSeq, data: [{ ...row, quiz: "30" }] })).message).toBe(MSG.updated);
    expect(((await pss.listScores(session, { year: YEAR, searchTxt: ID })).list[0] as pss.WirePssRow).total).toBe(92);
    await pss.deleteScore(session, mine[0].pssSeq);
    expect((await pss.listScores(session, { year: YEAR, searchTxt: ID })).list).toEqual([]);

    const ev = await pss.listScores(session, { year: YEAR, searchTxt: "", eiSeq: 1, menuSeq: 34 });
    expect(ev.total).toBeUndefined();
    expect(ev.columns?.map((c) => c.clm)).toEqual(["year", "id", "name", "total", "grd"]);
  });

  it("medical law: codes, save without hlSeq, list, detail, preview, update, delete", async () => {
    const codes = await lawApi.lawCodeLists(session, YEAR);
    expect(codes.yearList).toEqual([]);
    const grade = codes.grdeList[0].id;
    const subj = codes.subjList[0];
    const info = { year: YEAR, smst: "엄격 1차", tgetSt: [grade], subj: subj.id, totalScore: 100, users: [{ usSeq, id: ID, name, score: 90, status: "Y" as const }] };
    expect(await lawApi.saveLaw(session, info)).toEqual({ message: MSG.created, hlSeq: undefined });

    const list = await lawApi.listLaws(session, { year: YEAR, value: "엄격 1차", tgetSt: [] });
    expect(list.total).toBeUndefined();
    expect(list.list).toHaveLength(1);
    const row = list.list[0] as lawApi.WireLawRow;
    expect(row.subjNm).toBe(subj.text);
    expect(row.userCnt).toBe(1);

    const detail = await lawApi.lawDetail(session, row.hlSeq);
    expect(detail.users).toEqual([expect.objectContaining({ usSeq, id: ID, score: 90 })]);
    expect(await lawApi.previewLaw(session, row.hlSeq)).toEqual([expect.objectContaining({ id: ID, score: "90", smst: "엄격 1차" })]);

    expect((await lawApi.saveLaw(session, { ...info, hlSeq: row.hlSeq, totalScore: 95 })).message).toBe(MSG.updated);
    expect((await lawApi.lawDetail(session, row.hlSeq)).totalScore).toBe(95);
    await lawApi.deleteLaw(session, row.hlSeq);
    expect((await lawApi.listLaws(session, { year: YEAR, value: "엄격 1차", tgetSt: [] })).list).toEqual([]);
  });

  it("exam analysis: save without eqaSeq; the list's type, mean±deviation, difficulty and discrimination derived from the §3 fields", async () => {
    const fields: analysisApi.AnalysisFields = {
      year: YEAR, eqaSe: "1", currNm: "엄격한 응답 과정", period: "1학기", qestCnt: 50, totalScore: 100, avgStdevSt: 70.5, avgStdevEn: 10.2,
      minScore: 30, maxScore: 98, grdSt: 0.4, grdEn: 0.8, grdSe: "A", dscpSt: 0.2, dscpEn: 0.5, dscpSe: "B", qestRate: 0.75,
    };
    expect(await analysisApi.saveAnalysis(session, fields)).toEqual({ message: MSG.created, eqaSeq: undefined });
    const list = await analysisApi.listAnalyses(session, { year: YEAR, value: "엄격한 응답" });
    expect(list.total).toBeUndefined();
    expect(list.list).toHaveLength(1);
    const row = list.list[0] as analysisApi.WireAnalysis;
    expect(row).toMatchObject({ eqaSeNm: "주말", avgStdev: "70.5±10.2", grd: "0.40~0.80 (A 적정)", dscp: "0.20~0.50 (B 경계)" });

    const detail = await analysisApi.getAnalysis(session, row.eqaSeq);
    expect(detail).toMatchObject({ currNm: "엄격한 응답 과정", grdSe: "A", dscpSeNm: "경계" });
    expect((await analysisApi.saveAnalysis(session, { ...fields, period: "2학기" }, row.eqaSeq)).message).toBe(MSG.updated);
    expect((await analysisApi.getAnalysis(session, row.eqaSeq)).period).toBe("2학기");
    await analysisApi.deleteAnalysis(session, row.eqaSeq);
    expect((await analysisApi.listAnalyses(session, { year: YEAR, value: "엄격한 응답" })).list).toEqual([]);
  });

  it("re-learners: subjects, save, list, detail, delete", async () => {
    const subjects = await relearn.relearnSubjects(session, YEAR);
    expect(subjects.length).toBeGreaterThan(0);
    const message = await relearn.saveRelearners(session, YEAR, [{ usSeq: String(usSeq), id: ID, name, status: true, subj: [{ subjCd: subjects[0].subjCd, reYn: "Y" }] }]);
    expect(message).toBe(MSG.created);
    const list = await relearn.listRelearners(session, { year: YEAR, value: ID });
    expect(list.total).toBeUndefined();
    expect(list.list).toHaveLength(1);
    const row = list.list[0] as relearn.WireRelearner;
    expect(row.subj.find((s) => s.subjCd === subjects[0].subjCd)?.reYn).toBe("Y");
    const detail = await relearn.relearnerDetail(session, row.rlSeq);
    expect(detail).toMatchObject({ id: ID, usSeq });
    await relearn.deleteRelearner(session, row.rlSeq);
    expect((await relearn.listRelearners(session, { year: YEAR, value: ID })).list).toEqual([]);
  });

  it.each(["volunteer", "medical"] as const)("%s activity: save with a file, list without total or usSeq, find, delete", async (kind) => {
    const p = kind === "volunteer" ? "va" : "ga";
    const key = kind === "volunteer" ? "vaSeq" : "gaSeq";
    const info = {
      year: YEAR, id: ID, name, usSeq, [`${p}Stde`]: "2026-04-01", [`${p}Ende`]: "2026-04-02", [`${p}Time`]: "5",
      ...(kind === "volunteer" ? { vaPlace: "엄격한 복지관" } : { gaCountry: "몽골", gaSchool: "엄격한 대학" }), dbFileList: [],
    };
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "확인서.pdf", { type: "application/pdf" });
    expect(await activities.saveActivity(session, kind, { mode: "insert", year: YEAR, info, files: [pdf] })).toBe(MSG.created);
    const list = await activities.listActivities(session, kind, { year: YEAR, searchTxt: ID });
    expect(list.total).toBeUndefined();
    const row = (list.list as activities.WireActivity[]).find((r) => r.id === ID)!;
    expect(row).not.toHaveProperty("usSeq");
    expect(row.dbFileList).toMatchObject([{ orn: "확인서.pdf", usyn: "Y", fileSeq: expect.any(Number) }]);
    // the web tier finds a record by its key in the year's list (a legacy list ignores our key filter)
    const found = await activities.findActivity(session, kind, YEAR, Number(row[key]));
    expect(found?.dbFileList[0].orn).toBe("확인서.pdf");
    await activities.deleteActivity(session, kind, Number(row[key]));
    expect((await activities.listActivities(session, kind, { year: YEAR, searchTxt: ID })).list).toEqual([]);
  });

  it("awards: save with a file, list without total, info, delete", async () => {
    const data = { paSeq: null, year: YEAR, paSeCd: "0001300001", prgmNm: "엄격한 경진대회", awardDate: "2026-04-01", users: [{ id: ID, name, usSeq, rsrchSbj: "대상", status: "Y" }] };
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "수상확인서.pdf", { type: "application/pdf" });
    expect(await awards.saveProgram(session, data, pdf)).toBe(MSG.created);
    const list = await awards.listPrograms(session, { year: YEAR, searchTxt: "엄격한 경진대회" });
    expect(list.total).toBeUndefined();
    const row = (list.list as awards.WireProgram[])[0];
    expect(row).not.toHaveProperty("userNames");
    expect(row).toMatchObject({ prgmNm: "엄격한 경진대회", paSeType: "수상", orn: "수상확인서.pdf", users: [{ id: ID, name, rsrchSbj: "대상" }] });
    expect(await awards.programInfo(session, row.paSeq)).toMatchObject({ paSeq: row.paSeq, awardDate: "2026-04-01" });
    await awards.deleteProgram(session, row.paSeq);
    expect((await awards.listPrograms(session, { year: YEAR, searchTxt: "엄격한 경진대회" })).list).toEqual([]);
  });

  it("achievement: chart, entry, detail; evaluation mode without list and columns in the reply", async () => {
    expect(await achievementApi.editArchive(session, { year: 2011, dept: "기초", score: 77 })).toBe(MSG.saved);
    expect(await achievementApi.archiveDetail(session, 2011, "기초")).toMatchObject({ year: 2011, dept: "기초", score: 77 });
    const chart = await achievementApi.archiveChart(session, {});
    expect(chart.chartData.find((p) => p.year === 2011)?.basic).toBe(77);

    const ev = await achievementApi.archiveChart(session, { year: YEAR, eiSeq: 2, menuSeq: 23 });
    expect(fake.last("/api/eval/getEvalColumnsList.do")!.body).toMatchObject({ eiSeq: 2, menuSeq: 23, year: YEAR });
    expect(ev.columns?.map((c) => c.clm)).toEqual(["year", "basic"]);
    expect(ev.list?.find((r) => r.year === 2011)).toEqual({ year: 2011, basic: 77 });
  });
});

describe("find password (spec 000 §7)", () => {
  const user = { userId: "strictfind", userNm: "엄격한", dptCd: "0000300005", telNo: "010-4444-5555", email: "strictfind", emailCd: "0000400001" };

  beforeAll(async () => {
    const r = await direct("/api/insertUserInfo.do", { ...user, authTy: "1", usyn: "Y", userPass: "Before2026!" }, session.accessToken);
    expect(r.status).toBe(200);
  });

  it("works with only findInfo.userSeq, and changePwd gets {userSeq, userPass}", async () => {
    expect(await accountApi.findUser({ ...user, userNm: "다른이름" })).toBeNull();
    const found = await accountApi.findUser(user);
    expect(found).not.toBeNull();
    expect(found!.changeToken).toBeUndefined();
    expect(found!.userSeq).toBeGreaterThan(0);

    await accountApi.changePassword({ userSeq: found!.userSeq, userPass: "After2026!" });
    expect(Object.keys(fake.last("/api/loginpass/changePwd.do")!.body).sort()).toEqual(["userPass", "userSeq"]);
    const again = await login({ userId: user.userId, userPass: "After2026!", autoLogin: false });
    expect(again.userInfo.userSeq).toBe(found!.userSeq);
  });
});

// ---------------------------------------------------------------------------------------------
// The screens' actions against the strict fake: a save that succeeded is never shown as an error
// ---------------------------------------------------------------------------------------------

interface Posted {
  response: Response;
  /** the flash the next page shows */
  flash: { kind: string; text: string } | undefined;
  /** the cookie header of the session after the post */
  cookie: string;
}

const cookieOf = (res: Response, before: string) => {
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!set.length) return before;
  const jar = new Map(before.split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), c]));
  for (const c of set) jar.set(c.slice(0, c.indexOf("=")), c);
  return [...jar.values()].join("; ");
};

function sessionOf(cookie: string) {
  return Session.fromRequest(new Request("http://localhost/", { headers: { Cookie: cookie } }));
}

/** Posts a form to a route action as the browser would (without JavaScript), with the session's CSRF token. */
async function post(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  path: string,
  fields: Record<string, string | string[]>,
  cookie: string,
): Promise<Posted> {
  const form = new FormData();
  form.set("_csrf", sessionOf(cookie).csrfToken);
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: form, headers: { Cookie: cookie, Host: "localhost" } });
  let response: Response;
  try {
    response = await action({ request, params: {}, context: {} });
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    response = e;
  }
  const next = cookieOf(response, cookie);
  return { response, flash: sessionOf(next).peek().flash, cookie: next };
}

/** A signed-in session cookie (tokens from a sign-in through the strict fake). */
function signedInCookie(): string {
  const s = Session.fromRequest(new Request("http://localhost/"));
  const u = signedIn.userInfo;
  s.signIn({ userSeq: u.userSeq, userId: u.userId, userNm: u.userNm, authTy: u.authTy, adminYn: u.adminYn }, { accessToken: session.accessToken!, refreshToken: session.refreshToken! }, false);
  return s.commit().map((c) => c.split(";")[0]).join("; ");
}

describe("screens: saves answered without a key", () => {
  it("student and professor registration go to the list with '등록되었습니다.'", async () => {
    const { action: addStudent } = await import("~/routes/_app.insert.student.add");
    const s = await post(addStudent, `/insert/student/add?year=${YEAR}`, { ...studentFields("990000203"), confirm: "save" }, signedInCookie());
    expect(s.response.status).toBe(302);
    expect(s.response.headers.get("Location")).toBe(`/insert/student/document?year=${YEAR}`);
    expect(s.flash).toEqual({ kind: "info", text: MSG.created });

    const { action: addProfessor } = await import("~/routes/_app.insert.professor.add");
    const p = await post(addProfessor, `/insert/professor/add?year=${YEAR}`, { ...professorFields("990203"), confirm: "save" }, signedInCookie());
    expect(p.response.status).toBe(302);
    expect(p.response.headers.get("Location")).toBe(`/insert/professor/document?year=${YEAR}`);
    expect(p.flash).toEqual({ kind: "info", text: MSG.created });
  });

  it("medical law and exam analysis saves go back to the list with '등록되었습니다.'", async () => {
    const stu = (await studentName(session, "990000203", YEAR))!;
    const codes = await lawApi.lawCodeLists(session, YEAR);
    const { action: lawAction } = await import("~/routes/_app.insert.eval.medical-law+/_route");
    const law = await post(
      lawAction,
      `/insert/eval/medical-law?year=${YEAR}&dialog=add`,
      {
        year: String(YEAR), smst: "화면 1차", tgetSt: [codes.grdeList[0].id], subj: codes.subjList[0].id, totalScore: "100",
        "rows[0].id": "990000203", "rows[0].name": stu.name, "rows[0].usSeq": String(stu.usSeq), "rows[0].checked": checkKey(YEAR, "990000203"), "rows[0].score": "80",
        confirm: "save",
      },
      signedInCookie(),
    );
    expect(law.response.status).toBe(302);
    expect(law.flash).toEqual({ kind: "info", text: MSG.created });
    expect((await lawApi.listLaws(session, { year: YEAR, value: "화면 1차", tgetSt: [] })).list).toHaveLength(1);

    const { action: analysisAction } = await import("~/routes/_app.eval.monitor.analysis+/_route");
    const a = await post(
      analysisAction,
      `/eval/monitor/analysis?year=${YEAR}&dialog=add`,
      {
        year: String(YEAR), eqaSe: "2", currNm: "화면 저장 과정", period: "2학기", qestCnt: "40", totalScore: "100", avgStdevSt: "", avgStdevEn: "",
        minScore: "", maxScore: "", grdSt: "", grdEn: "", grdSe: "", dscpSt: "", dscpEn: "", dscpSe: "", qestRate: "", confirm: "save",
      },
      signedInCookie(),
    );
    expect(a.response.status).toBe(302);
    expect(a.response.headers.get("Location")).toBe(`/eval/monitor/analysis?year=${YEAR}&focus=add`);
    expect(a.flash).toEqual({ kind: "info", text: MSG.created });
  });
});

describe("screens: find password then change password", () => {
  const user = { userId: "strictroute", userNm: "화면이", dptCd: "0000300005", telNo: "010-6666-7777", email: "strictroute", emailCd: "0000400001" };
  let victimSeq = 0;

  beforeAll(async () => {
    const r = await direct("/api/insertUserInfo.do", { ...user, authTy: "1", usyn: "Y", userPass: "Before2026!" }, session.accessToken);
    expect(r.status).toBe(200);
    victimSeq = (await login({ userId: "admin", userPass: PASSWORD, autoLogin: false })).userInfo.userSeq;
  });

  it("keeps the found userSeq sealed in the session; a userSeq in the form changes nothing", async () => {
    const { action } = await import("~/routes/_index");
    const anonymous = Session.fromRequest(new Request("http://localhost/")).commit().map((c) => c.split(";")[0]).join("; ");
    const find = await post(
      action,
      "/?index&dialog=find",
      { intent: "find", userId: user.userId, userNm: user.userNm, dptCd: user.dptCd, telNo1: "010", telNo2: "6666", telNo3: "7777", email: user.email, emailCd: user.emailCd },
      anonymous,
    );
    expect(find.response.status).toBe(302);
    expect(find.response.headers.get("Location")).toBe("/?dialog=change");
    const pending = sessionOf(find.cookie).passwordChange;
    expect(pending?.userSeq).toBeGreaterThan(0);
    expect(pending?.changeToken).toBeUndefined();
    // sealed: the cookie does not show the seq
    expect(find.cookie).not.toContain(`seq":${pending!.userSeq}`);

    const change = await post(action, "/?index&dialog=change", { intent: "change", userSeq: String(victimSeq), userPass: "Route2026!", userPassChk: "Route2026!" }, find.cookie);
    expect(change.response.status).toBe(302);
    expect(change.flash).toEqual({ kind: "info", text: OWN_MSG.passwordChanged });
    expect(fake.last("/api/loginpass/changePwd.do")!.body).toEqual({ userSeq: pending!.userSeq, userPass: "Route2026!" });
    expect(sessionOf(change.cookie).passwordChange).toBeNull();
    expect((await login({ userId: user.userId, userPass: "Route2026!", autoLogin: false })).userInfo.userId).toBe(user.userId);
    // the administrator's password did not change
    expect((await login({ userId: "admin", userPass: PASSWORD, autoLogin: false })).userInfo.userSeq).toBe(victimSeq);
  });
});
