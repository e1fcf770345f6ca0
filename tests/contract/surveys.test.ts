/**
 * Surveys (spec 000 §7 Surveys, §5 Survey save and Send; issue 5; docs/contract.md "Surveys" and
 * "Survey answers"): list, document, save with the spec's messages in order, soft deletion, a
 * 60-question survey, copy, link, recipients, send with personal links, the public answer calls
 * (signature, window, required questions, no double submit), results and the answers export.
 * Every test makes its own surveys, so the files may share one database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathsOf } from "../../app/calls/define";
import { SURVEY } from "../../app/calls/survey";
import { AGREE } from "../../app/calls/agree";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { login, DEMO_PASSWORD, uniqueId, type Api, type Session, openSignedIn } from "./client";
import { choice, freeText, preset1, section, surveyBody } from "./survey-fixtures";

const S = pathsOf(SURVEY);
const A = pathsOf(AGREE);

let api: Api;
let admin: Session;
let entry: Session;
beforeAll(async () => ({ api, admin, sessions: [entry] } = await openSignedIn("entry01")));
afterAll(() => api?.close());

const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const YEAR_NOW = Number(new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 4));

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Seoul, `days` from now. */
function seoulAt(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

const save = (s: Session, body: Record<string, unknown>) => api.call(S.save, body, { token: s.accessToken });
const info = (s: Session, seq: number) => api.call(S.info, { seq }, { token: s.accessToken });

async function createSurvey(overrides: Record<string, unknown> = {}): Promise<{ seq: number; info: any }> {
  const r = await save(admin, surveyBody(overrides));
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.saved });
  const seq = r.body.result.seq as number;
  const i = await info(admin, seq);
  expect(i.body.status).toBe(200);
  return { seq, info: i.body.result.info };
}

describe("survey save (insertSurveyInfo.do) and document (getSurveyInfo.do)", () => {
  it("saves a new survey and answers it back with numbered questions and items", async () => {
    const { seq, info: s } = await createSurvey({
      slList: [{ slName: "해부학 강의", slTime: "2", pfName: "김교수", deptName: "해부학교실", del: "N" }],
    });
    expect(seq).toBeGreaterThan(0);
    expect(s).toMatchObject({ srSeq: seq, usyn: "Y", dtYn: "N", qestCnt: 2, linkYn: "N", status: "진행중", statusCd: "open", year: YEAR_NOW, userNm: "이서연" });
    expect(s.regDt).toMatch(WIRE_DATE);
    expect(s.slList).toEqual([expect.objectContaining({ slName: "해부학 강의", slTime: 2, pfName: "김교수", deptName: "해부학교실", del: "N" })]);
    expect(s.qestList.map((q: any) => [q.sqType, q.sqNo, q.sqSort, q.sqSubj])).toEqual([
      [0, null, 1, "1부"],
      [1, 1, 2, "수업 만족도"],
      [2, 2, 3, "자유 의견"],
    ]);
    expect(s.qestList[1].itemList.map((i: any) => [i.text, i.score])).toEqual(preset1.map(([t, n]) => [t, n]));
    expect(s.qestList[2].itemList).toEqual([]);
  });

  it("checks the rules of spec 000 §5 in their order, with the exact messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ srName: " ", dtYn: "Y", stDt: "" }, MSG.surveyNameRequired],
      [{ dtYn: "Y", stDt: seoulAt(1), enDt: "", prsnInfoYn: "Y" }, MSG.surveyPeriodRequired],
      [{ dtYn: "Y", stDt: seoulAt(3), enDt: seoulAt(1), prsnInfoYn: "Y" }, MSG.surveyPeriodOrder],
      [{ prsnInfoYn: "Y", prsnInfoContent: " ", qestList: [choice("")] }, MSG.surveyPrivacyRequired],
      [{ qestList: [section(""), choice("")] }, MSG.surveySubjectRequired],
      [{ qestList: [section(""), freeText("")] }, MSG.surveySubjectRequired],
      [{ qestList: [section(""), choice("a", { itemList: [{ text: "", score: 1 }] })] }, MSG.surveySectionRequired],
      [{ qestList: [choice("a", { itemList: [{ text: "가", score: 1 }, { text: " ", score: 2 }] })] }, MSG.surveyItemsRequired],
      [{ qestList: [choice("a", { itemList: [] })] }, MSG.surveyItemsRequired],
      [{ qestList: [choice("a", { itemList: [{ text: "가", score: "1점" }] })], slList: [{ slName: "x", slTime: "두시간" }] }, OWN_MSG.surveyScoreDigits],
      [{ slList: [{ slName: "x", slTime: "2h" }] }, OWN_MSG.surveyLectureTimeDigits],
      [{ slList: [{ slName: "", slTime: "2" }] }, OWN_MSG.surveyLectureNameRequired],
      [{ qestList: [section("a")] }, OWN_MSG.surveyQuestionRequired],
    ];
    for (const [overrides, message] of cases) {
      const r = await save(admin, surveyBody(overrides));
      expect(r.body, JSON.stringify(overrides)).toEqual({ status: 400, message });
    }
  });

  it("clears the dates with dtYn N and the personal-info text with prsnInfoYn N; keeps them with Y", async () => {
    const { info: a } = await createSurvey({ dtYn: "N", stDt: seoulAt(1), enDt: seoulAt(2), prsnInfoYn: "N", prsnInfoContent: "버려질 내용" });
    expect(a).toMatchObject({ dtYn: "N", stDt: null, enDt: null, prsnInfoYn: "N", prsnInfoContent: "" });
    const st = seoulAt(-1).slice(0, 16) + ":00";
    const en = seoulAt(5).slice(0, 16) + ":00";
    const { info: b } = await createSurvey({ dtYn: "Y", stDt: st, enDt: en, prsnInfoYn: "Y", prsnInfoContent: "이름과 학번을 수집합니다." });
    expect(b).toMatchObject({ dtYn: "Y", stDt: st, enDt: en, prsnInfoYn: "Y", prsnInfoContent: "이름과 학번을 수집합니다.", status: "진행중" });
    const { info: c } = await createSurvey({ dtYn: "Y", stDt: seoulAt(2), enDt: seoulAt(3) });
    expect(c).toMatchObject({ statusCd: "before", status: "응답 대기" });
    const { info: d } = await createSurvey({ usyn: "N" });
    expect(d).toMatchObject({ statusCd: "unused", status: "미사용" });
  });

  it("updates in place: edits, reorders, soft-deletes with del Y, and a missing row is a removal too", async () => {
    const { seq, info: s } = await createSurvey({ slList: [{ slName: "A" }, { slName: "B" }] });
    const [sec, q1, q2] = s.qestList;
    const body = surveyBody({
      seq,
      srName: "수정된 설문",
      slList: [{ slSeq: s.slList[1].slSeq, slName: "B2", slTime: 3 }, { slSeq: s.slList[0].slSeq, del: "Y" }],
      qestList: [
        { ...q2, sqSubj: "자유 의견 (먼저)" },
        {
          ...q1,
          itemList: [
            { ...q1.itemList[5], text: "아주 그렇다" },
            { siSeq: q1.itemList[0].siSeq, del: "Y" },
            { text: "새 답가지", score: 9, del: "N" },
          ],
        },
        { sqSeq: sec.sqSeq, del: "Y" },
      ],
    });
    const r = await save(admin, body);
    expect(r.body).toMatchObject({ status: 200, result: { seq } });
    const after = (await info(admin, seq)).body.result.info;
    expect(after.srName).toBe("수정된 설문");
    expect(after.slList.map((l: any) => [l.slSeq, l.slName, l.slTime])).toEqual([[s.slList[1].slSeq, "B2", 3]]);
    expect(after.qestList.map((q: any) => [q.sqSeq, q.sqNo, q.sqSubj])).toEqual([
      [q2.sqSeq, 1, "자유 의견 (먼저)"],
      [q1.sqSeq, 2, "수업 만족도"],
    ]);
    // item 6 kept (edited), item 1 deleted, items 2-5 not sent (removed), one new
    expect(after.qestList[1].itemList.map((i: any) => [i.text, i.score])).toEqual([
      ["아주 그렇다", 6],
      ["새 답가지", 9],
    ]);
    expect(after.qestList[1].itemList[0].siSeq).toBe(q1.itemList[5].siSeq);
  });

  it("refuses rows of another survey and unknown seqs", async () => {
    const a = await createSurvey();
    const b = await createSurvey();
    const foreign = a.info.qestList[1];
    expect((await save(admin, surveyBody({ seq: b.seq, qestList: [foreign] }))).body).toEqual({ status: 400, message: OWN_MSG.badRequest });
    expect((await save(admin, surveyBody({ seq: 999_999_999 }))).body).toEqual({ status: 404, message: MSG.noData });
    expect((await info(admin, 999_999_999)).body).toEqual({ status: 404, message: MSG.noData });
    expect((await info(admin, "x" as never)).body).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });

  it("saves and reloads a survey of 60 questions intact", async () => {
    const qestList = Array.from({ length: 60 }, (_, i) =>
      i % 10 === 0
        ? section(`섹션 ${i / 10 + 1}`)
        : i % 3 === 0
          ? freeText(`주관식 ${i}`, { esntlYn: i % 2 ? "Y" : "N" })
          : choice(`객관식 ${i}`, {
              itemType: (i % 5) + 1,
              multiAns: i % 4 === 0 ? "Y" : "N",
              itemList: Array.from({ length: (i % 4) + 2 }, (_, j) => ({ text: `답 ${i}-${j}`, score: j + 1, del: "N" })),
            }),
    );
    const { seq, info: s } = await createSurvey({ qestList });
    expect(s.qestList).toHaveLength(60);
    s.qestList.forEach((q: any, i: number) => {
      expect(q.sqSubj).toBe(qestList[i].sqSubj);
      expect(q.sqType).toBe(qestList[i].sqType);
      expect(q.multiAns).toBe(qestList[i].multiAns);
      expect(q.itemList.map((it: any) => it.text)).toEqual(qestList[i].itemList.map((it: any) => it.text));
    });
    expect(s.qestCnt).toBe(54);
    // saving the document as answered changes nothing
    const again = await save(admin, { ...surveyBody(), ...s, seq, authTyList: ["1", "2"] });
    expect(again.body.status).toBe(200);
    const reread = (await info(admin, seq)).body.result.info;
    expect(reread.qestList).toEqual(s.qestList);
  });

  it("deletes with mode D (soft): the survey leaves the list and every call", async () => {
    const { seq, info: s } = await createSurvey();
    const del = await save(admin, { seq, mode: "D" });
    expect(del.body).toEqual({ status: 200, message: MSG.deleted, result: null });
    expect((await info(admin, seq)).body.status).toBe(404);
    const list = await api.call(S.list, { searchTxt: s.srName, year: YEAR_NOW }, { token: admin.accessToken });
    expect(list.body.result.list).toEqual([]);
    expect((await save(admin, { seq, mode: "D" })).body.status).toBe(404);
  });
});

describe("getSurveyList.do, copySurvey.do, linkSurvey.do", () => {
  it("lists by year and search text with the list columns", async () => {
    const tag = uniqueId("목록");
    const { seq } = await createSurvey({ srName: `${tag} 첫째` });
    await createSurvey({ srName: `${tag} 둘째`, usyn: "N" });
    const r = await api.call(S.list, { searchTxt: tag, year: YEAR_NOW }, { token: entry.accessToken });
    expect(r.body.status).toBe(200);
    expect(r.body.result.total).toBe(2);
    expect(r.body.result.list.map((s: any) => s.srName)).toEqual([`${tag} 둘째`, `${tag} 첫째`]);
    const first = r.body.result.list[1];
    for (const k of ["srSeq", "srName", "qestCnt", "usyn", "status", "userNm", "regDt", "uptDt", "linkYn", "sendCnt", "answerCnt"]) expect(first).toHaveProperty(k);
    expect(first).toMatchObject({ srSeq: seq, qestCnt: 2, usyn: "Y", userNm: "이서연", sendCnt: 0, answerCnt: 0 });
    const other = await api.call(S.list, { searchTxt: tag, year: 2024 }, { token: entry.accessToken });
    expect(other.body.result.list).toEqual([]);
    const unused = await api.call(S.list, { searchTxt: tag, usyn: "N" }, { token: entry.accessToken });
    expect(unused.body.result.list.map((s: any) => s.srName)).toEqual([`${tag} 둘째`]);
    expect((await api.call(S.list, {})).http).toBe(401);
  });

  it("copies a survey with its lectures, questions and items into a new id", async () => {
    const { seq, info: s } = await createSurvey({ slList: [{ slName: "강의 1", slTime: 1 }] });
    const r = await api.call(S.copy, { seq }, { token: entry.accessToken });
    expect(r.body).toMatchObject({ status: 200, message: MSG.copied });
    const copy = r.body.result.copySrSeq;
    expect(copy).toBeGreaterThan(seq);
    const c = (await info(admin, copy)).body.result.info;
    expect(c.srName).toBe(`${s.srName} (복사본)`);
    expect(c.qestList.map((q: any) => [q.sqType, q.sqSubj, q.itemList.map((i: any) => i.text)])).toEqual(s.qestList.map((q: any) => [q.sqType, q.sqSubj, q.itemList.map((i: any) => i.text)]));
    expect(c.slList.map((l: any) => l.slName)).toEqual(["강의 1"]);
    expect(c.qestList[1].sqSeq).not.toBe(s.qestList[1].sqSeq);
    expect((await api.call(S.copy, { seq: 999_999_999 }, { token: entry.accessToken })).body.status).toBe(404);
  });

  it("links a survey to a SURVEY menu once (linkYn), and lists it by menuSeq", async () => {
    const { seq } = await createSurvey();
    const r = await api.call(S.link, { menuSeq: 63, srSeq: seq }, { token: admin.accessToken });
    expect(r.body).toMatchObject({ status: 200, message: OWN_MSG.surveyLinked });
    expect((await info(admin, seq)).body.result.info).toMatchObject({ linkYn: "Y", linkMenuSeq: 63 });
    expect((await api.call(S.link, { menuSeq: 64, srSeq: seq }, { token: admin.accessToken })).body).toEqual({ status: 409, message: OWN_MSG.surveyAlreadyLinked });
    expect((await api.call(S.link, { menuSeq: 92, srSeq: seq }, { token: admin.accessToken })).body.status).toBe(400);
    // an unknown menu (P07)
    expect((await api.call(S.link, { menuSeq: 999_999, srSeq: seq }, { token: admin.accessToken })).body.status).toBe(400);
    const list = await api.call(S.list, { menuSeq: 63 }, { token: admin.accessToken });
    expect(list.body.result.list.some((s: any) => s.srSeq === seq)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ask = (body: Record<string, unknown>) => api.call(S.ask, body);
const submit = (body: Record<string, unknown>) => api.call(S.submit, body);

describe("public answer calls (ask/getSurvey.do, ask/submit.do)", () => {
  it("answers the survey for respondents with a one-time submit key, and takes a sheet once", async () => {
    const { seq, info: s } = await createSurvey();
    const r = await ask({ srSeq: seq });
    expect(r.body.status).toBe(200);
    const { survey, state, answered, submitKey } = r.body.result;
    expect(state).toBe("open");
    expect(answered).toBe(false);
    expect(submitKey).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(survey).not.toHaveProperty("userNm");
    expect(survey.qestList).toHaveLength(3);
    const q1 = s.qestList[1];
    const q2 = s.qestList[2];

    // required question missing
    const missing = await submit({ srSeq: seq, submitKey, answers: [{ sqSeq: q2.sqSeq, text: "좋아요" }] });
    expect(missing.body).toEqual({ status: 400, message: OWN_MSG.surveyAnswersMissing });
    // two answers to a single-answer question, an item of another question, an unknown question
    expect((await submit({ srSeq: seq, submitKey, answers: [{ sqSeq: q1.sqSeq, siSeqs: [q1.itemList[0].siSeq, q1.itemList[1].siSeq] }] })).body.status).toBe(400);
    expect((await submit({ srSeq: seq, submitKey, answers: [{ sqSeq: q1.sqSeq, siSeqs: [999_999] }] })).body.status).toBe(400);
    expect((await submit({ srSeq: seq, submitKey, answers: [{ sqSeq: 999_999, text: "x" }] })).body.status).toBe(400);
    // a key that was not issued
    expect((await submit({ srSeq: seq, submitKey: "a".repeat(22) + "." + "b".repeat(22), answers: [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[4].siSeq }] })).body).toEqual({ status: 400, message: OWN_MSG.badRequest });

    const good = { srSeq: seq, submitKey, answers: [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[4].siSeq }, { sqSeq: q2.sqSeq, text: "=1+1 좋아요" }] };
    const done = await submit(good);
    expect(done.body).toMatchObject({ status: 200, message: OWN_MSG.surveySubmitted });
    expect(done.body.result.rsSeq).toBeGreaterThan(0);
    // the same form again
    expect((await submit(good)).body).toEqual({ status: 409, message: OWN_MSG.surveyAlreadyAnswered });
    // a new form of the public link may answer again
    const again = await ask({ srSeq: seq });
    expect(again.body.result.submitKey).not.toBe(submitKey);
  });

  it("a survey with an answer is not deleted: mode D is 409 '응답이 있는 설문은 삭제할 수 없습니다.', the survey and its results stay (ADR 0062)", async () => {
    const { seq, info: s } = await createSurvey();
    const { submitKey } = (await ask({ srSeq: seq })).body.result;
    const q1 = s.qestList[1];
    expect((await submit({ srSeq: seq, submitKey, answers: [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[4].siSeq }, { sqSeq: s.qestList[2].sqSeq, text: "남김" }] })).body.status).toBe(200);
    expect((await save(admin, { seq, mode: "D" })).body).toEqual({ status: 409, message: OWN_MSG.surveyAnsweredNoDelete });
    expect((await info(admin, seq)).body.status).toBe(200);
    // nor is an answered question or answer choice removed by a save; an unanswered one may go
    const doc = (await info(admin, seq)).body.result.info;
    const base = { ...surveyBody(), ...doc, seq, authTyList: ["1", "2"] };
    const withoutQ1 = base.qestList.filter((q: any) => q.sqSeq !== q1.sqSeq);
    expect((await save(admin, { ...base, qestList: withoutQ1 })).body).toEqual({ status: 409, message: OWN_MSG.surveyAnsweredQuestion });
    const withoutItem = base.qestList.map((q: any) => (q.sqSeq === q1.sqSeq ? { ...q, itemList: q.itemList.filter((it: any) => it.siSeq !== q1.itemList[4].siSeq) } : q));
    expect((await save(admin, { ...base, qestList: withoutItem })).body).toEqual({ status: 409, message: OWN_MSG.surveyAnsweredQuestion });
    expect((await info(admin, seq)).body.result.info.qestList).toEqual(doc.qestList);
    const withoutFirstItem = base.qestList.map((q: any) => (q.sqSeq === q1.sqSeq ? { ...q, itemList: q.itemList.filter((it: any) => it.siSeq !== q1.itemList[0].siSeq) } : q));
    expect((await save(admin, { ...base, qestList: withoutFirstItem })).body.status).toBe(200);
    const list = await api.call(S.list, { searchTxt: s.srName, year: YEAR_NOW }, { token: admin.accessToken });
    expect(list.body.result.list).toEqual([expect.objectContaining({ srSeq: seq, answerCnt: 1 })]);
    expect((await ask({ srSeq: seq })).body.status).toBe(200);
  });

  it("binds the public link's key to the browser: one answer per browser, then 'already answered' without the questions", async () => {
    const { seq, info: s } = await createSurvey();
    const browserA = "A".repeat(21) + "1";
    const browserB = "B".repeat(21) + "2";
    const first = (await ask({ srSeq: seq, client: browserA })).body.result;
    // the same browser gets the same key on every load: loops of GET mint nothing new
    expect((await ask({ srSeq: seq, client: browserA })).body.result.submitKey).toBe(first.submitKey);
    const q1 = s.qestList[1];
    const answers = [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[4].siSeq }];
    expect((await submit({ srSeq: seq, submitKey: first.submitKey, answers })).body.status).toBe(200);
    expect((await submit({ srSeq: seq, submitKey: first.submitKey, answers })).body).toEqual({ status: 409, message: OWN_MSG.surveyAlreadyAnswered });
    const after = (await ask({ srSeq: seq, client: browserA })).body.result;
    expect(after).toMatchObject({ state: "open", answered: true, submitKey: null, survey: { qestList: [] } });
    expect(after.answerDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // another browser still may
    const other = (await ask({ srSeq: seq, client: browserB })).body.result;
    expect(other).toMatchObject({ answered: false });
    expect(other.survey.qestList).toHaveLength(3);
    expect((await submit({ srSeq: seq, submitKey: other.submitKey, answers })).body.status).toBe(200);
  });

  it("needs the lecture choice and the personal-information consent when the survey has them", async () => {
    const { seq, info: s } = await createSurvey({ prsnInfoYn: "Y", prsnInfoContent: "학번을 수집합니다.", slList: [{ slName: "강의 가" }, { slName: "강의 나" }] });
    const { submitKey } = (await ask({ srSeq: seq })).body.result;
    const q1 = s.qestList[1];
    const answers = [{ sqSeq: q1.sqSeq, siSeqs: [q1.itemList[5].siSeq] }];
    expect((await submit({ srSeq: seq, submitKey, answers, slSeq: s.slList[0].slSeq })).body.message).toBe(OWN_MSG.surveyPrivacyAgree);
    expect((await submit({ srSeq: seq, submitKey, answers, prsnAgreeYn: "Y" })).body.message).toBe(OWN_MSG.surveyLectureChoice);
    expect((await submit({ srSeq: seq, submitKey, answers, prsnAgreeYn: "Y", slSeq: 999_999 })).body.message).toBe(OWN_MSG.surveyLectureChoice);
    expect((await submit({ srSeq: seq, submitKey, answers, prsnAgreeYn: "Y", slSeq: s.slList[1].slSeq })).body.status).toBe(200);
  });

  it("is closed outside the response window and when not in use; unknown or deleted surveys are 404", async () => {
    const before = await createSurvey({ dtYn: "Y", stDt: seoulAt(1), enDt: seoulAt(2) });
    const after = await createSurvey({ dtYn: "Y", stDt: seoulAt(-3), enDt: seoulAt(-1) });
    const unused = await createSurvey({ usyn: "N" });
    for (const [s, state] of [[before, "before"], [after, "after"]] as const) {
      const r = await ask({ srSeq: s.seq });
      // a closed survey shows its title and window, not its questions
      expect(r.body.result).toMatchObject({ state, submitKey: null, survey: { srName: s.info.srName, qestList: [], slList: [], srContent: "", prsnInfoContent: "" } });
      const q1 = s.info.qestList[1];
      const key = (await ask({ srSeq: (await createSurvey()).seq })).body.result.submitKey;
      const refused = await submit({ srSeq: s.seq, submitKey: key, answers: [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[0].siSeq }] });
      expect(refused.body).toEqual({ status: 403, message: OWN_MSG.surveyNotOpen });
    }
    // the public link of a survey not in use is nothing at all
    expect((await ask({ srSeq: unused.seq })).body).toEqual({ status: 404, message: MSG.noData });
    const key = (await ask({ srSeq: (await createSurvey()).seq })).body.result.submitKey;
    const q = unused.info.qestList[1];
    expect((await submit({ srSeq: unused.seq, submitKey: key, answers: [{ sqSeq: q.sqSeq, siSeq: q.itemList[0].siSeq }] })).body.status).toBe(404);
    expect((await ask({ srSeq: 999_999_999 })).body).toEqual({ status: 404, message: MSG.noData });
    const gone = await createSurvey();
    await save(admin, { seq: gone.seq, mode: "D" });
    expect((await ask({ srSeq: gone.seq })).body.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Recipients, sending, personal links, results
// ---------------------------------------------------------------------------------------------

async function threeStudents(): Promise<any[]> {
  const r = await api.call(A.people, { year: YEAR_NOW, value: "", usTy: "1", attn: ["0000600001"] }, { token: admin.accessToken });
  expect(r.body.status).toBe(200);
  const list = r.body.result.list.filter((p: any) => p.usTy === "1");
  expect(list.length).toBeGreaterThanOrEqual(3);
  return list.slice(0, 3);
}

describe("recipients within the user's reach (issue 37 item 7, ADR 0067)", () => {
  it("an authority-2 user adds the dialog's students; a student of another status or a professor is refused with the message", async () => {
    const { seq } = await createSurvey();
    const committee = await login(api, "committee01", DEMO_PASSWORD);
    const tok = { token: committee.accessToken };
    const people = async (body: Record<string, unknown>) =>
      (await api.call(A.people, { year: YEAR_NOW, value: "", ...body }, { token: admin.accessToken })).body.result.list as { usSeq: number; usTy: string }[];
    const [enrolled] = (await people({ usTy: "1", attn: ["0000600001"] })).filter((p) => p.usTy === "1");
    const [other] = (await people({ usTy: "1", attn: ["0000600003", "0000600004", "0000600006"] })).filter((p) => p.usTy === "1");
    const [professor] = (await people({ usTy: "2" })).filter((p) => p.usTy === "2");
    expect(enrolled && other && professor).toBeTruthy();

    for (const users of [[enrolled.usSeq, other.usSeq], [{ usSeq: professor.usSeq, usTy: "2" }]]) {
      const refused = await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users }, tok);
      expect(refused.body).toEqual({ status: 403, message: OWN_MSG.recipientOutsideReach });
    }
    let list = (await api.call(S.recipients, { srSeq: seq, year: YEAR_NOW }, tok)).body.result.list;
    expect(list).toHaveLength(0);

    const added = await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users: [{ usSeq: enrolled.usSeq, usTy: "1" }] }, tok);
    expect(added.body).toMatchObject({ status: 200, message: MSG.added, result: { added: 1 } });
    list = (await api.call(S.recipients, { srSeq: seq, year: YEAR_NOW }, tok)).body.result.list;
    expect(list.map((r: { usSeq: number }) => r.usSeq)).toEqual([enrolled.usSeq]);
    // an administrator's reach is the whole year, as before
    expect((await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users: [other.usSeq] }, { token: admin.accessToken })).body.status).toBe(200);
  });
});

describe("recipients and sending (sendingUserList.do, addUsers, sendUser.do, getSendOutbox.do)", () => {
  it("adds students, sends with personal links, and a personal link answers once", async () => {
    const { seq, info: s } = await createSurvey({ prsnInfoYn: "Y", prsnInfoContent: "학번과 이름을 수집합니다." });
    const people = await threeStudents();
    const tok = { token: entry.accessToken };

    expect((await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users: [] }, tok)).body).toEqual({ status: 400, message: MSG.surveySelectUsers });
    const added = await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users: people.map((p) => ({ usSeq: p.usSeq, usTy: "1" })) }, tok);
    expect(added.body).toMatchObject({ status: 200, message: MSG.added, result: { added: 3 } });
    expect((await api.call(S.addUsers, { srSeq: seq, year: YEAR_NOW, users: [people[0].usSeq] }, tok)).body.result.added).toBe(0);

    let list = (await api.call(S.recipients, { srSeq: seq, year: YEAR_NOW, value: "", agreeYn: "", attn: [] }, tok)).body.result;
    expect(list.info.srName).toBe(s.srName);
    expect(list.list).toHaveLength(3);
    for (const k of ["usSeq", "usTy", "id", "name", "dpt", "grde", "status", "telNo", "sendFlag", "sendYn", "regDt"]) expect(list.list[0]).toHaveProperty(k);
    expect(list.list.every((r: any) => r.sendFlag === "N" && r.sendYn === "N" && r.status === "재학")).toBe(true);
    const byName = (await api.call(S.recipients, { srSeq: seq, value: people[1].name }, tok)).body.result.list;
    expect(byName.map((r: any) => r.usSeq)).toContain(people[1].usSeq);
    expect((await api.call(S.recipients, { srSeq: seq, attn: ["0000600004"] }, tok)).body.status).toBe(400);
    expect((await api.call(S.recipients, { srSeq: 999_999_999 }, tok)).body.status).toBe(404);

    expect((await api.call(S.send, { srSeq: seq, users: [] }, tok)).body).toEqual({ status: 400, message: MSG.surveySelectUsers });
    const sent = await api.call(S.send, { srSeq: seq, users: people.map((p) => p.usSeq), baseUrl: "https://edu.example.ac.kr" }, tok);
    expect(sent.body).toMatchObject({ status: 200, message: MSG.sent, result: { sent: 3, channel: "outbox" } });
    list = (await api.call(S.recipients, { srSeq: seq }, tok)).body.result;
    expect(list.list.every((r: any) => r.sendFlag === "Y" && r.sendCnt === 1)).toBe(true);
    // resend
    await api.call(S.send, { srSeq: seq, users: [people[0].usSeq] }, tok);

    const outbox = (await api.call(S.outbox, { srSeq: seq }, tok)).body.result;
    expect(outbox.smtp).toBe(false);
    expect(outbox.list).toHaveLength(3);
    const mine = outbox.list.find((o: any) => o.usSeq === people[0].usSeq);
    const other = outbox.list.find((o: any) => o.usSeq === people[1].usSeq);
    expect(other.link).toMatch(new RegExp(`^https://edu\\.example\\.ac\\.kr/survey/ask/${seq}/${people[1].usSeq}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(mine.link).toMatch(new RegExp(`^/survey/ask/${seq}/${people[0].usSeq}\\?exp=\\d+&sig=`));
    expect(mine.body).toContain(mine.link);

    const u = new URL(mine.link, "http://x");
    const exp = Number(u.searchParams.get("exp"));
    const sig = u.searchParams.get("sig")!;
    const link = { srSeq: seq, usSeq: people[0].usSeq, exp, sig };
    // tampering: another person, another signature, another expiry → 404
    expect((await ask({ ...link, usSeq: people[1].usSeq })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await ask({ ...link, sig: sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A") })).body.status).toBe(404);
    expect((await ask({ ...link, exp: exp + 1 })).body.status).toBe(404);
    expect((await ask({ ...link, sig: "" })).body.status).toBe(404);

    const opened = (await ask(link)).body.result;
    expect(opened).toMatchObject({ state: "open", answered: false });
    const q1 = s.qestList[1];
    const q2 = s.qestList[2];
    const answers = [{ sqSeq: q1.sqSeq, siSeqs: [q1.itemList[5].siSeq] }, { sqSeq: q2.sqSeq, text: "개인 링크 응답" }];
    expect((await submit({ ...link, usSeq: people[1].usSeq, submitKey: opened.submitKey, answers, prsnAgreeYn: "Y" })).body.status).toBe(404);
    expect((await submit({ ...link, submitKey: opened.submitKey, answers, prsnAgreeYn: "Y" })).body.status).toBe(200);
    // a second sheet of the same person
    expect((await submit({ ...link, submitKey: opened.submitKey, answers, prsnAgreeYn: "Y" })).body).toEqual({ status: 409, message: OWN_MSG.surveyAlreadyAnswered });
    // a survey sent to people answers only through their personal links: its public link neither
    // opens nor takes an answer (issue 37 item 10)
    expect((await ask({ srSeq: seq, client: "c".repeat(22) })).body).toEqual({ status: 403, message: OWN_MSG.surveyPersonalOnly });
    expect((await submit({ srSeq: seq, submitKey: opened.submitKey, answers, prsnAgreeYn: "Y" })).body).toEqual({ status: 403, message: OWN_MSG.surveyPersonalOnly });
    expect((await ask(link)).body.result).toMatchObject({ answered: true, submitKey: null });
    expect((await ask(link)).body.result.answerDt).toMatch(WIRE_DATE);

    list = (await api.call(S.recipients, { srSeq: seq, agreeYn: "Y" }, tok)).body.result;
    expect(list.list.map((r: any) => r.usSeq)).toEqual([people[0].usSeq]);
    expect((await api.call(S.recipients, { srSeq: seq, agreeYn: "N" }, tok)).body.result.list).toHaveLength(2);

    // results: response rate over the sent, counts and the free text
    const res = (await api.call(S.result, { seq }, tok)).body.result;
    expect(res.summary).toMatchObject({ recipientCnt: 3, sentCnt: 3, answerCnt: 1, recipientAnswerCnt: 1, publicAnswerCnt: 0, responseRate: 33.3 });
    const rq1 = res.questions.find((q: any) => q.sqSeq === q1.sqSeq);
    expect(rq1).toMatchObject({ answerCnt: 1, mean: 6 });
    expect(rq1.items[5]).toMatchObject({ text: "매우 그렇다", count: 1, percent: 100 });
    expect(res.questions.find((q: any) => q.sqSeq === q2.sqSeq).texts.map((t: any) => t.text)).toEqual(["개인 링크 응답"]);

    // the export names the respondent (personal information collected with consent)
    const ex = (await api.call(S.answers, { seq }, tok)).body.result;
    expect(ex.list).toHaveLength(1);
    expect(ex.list[0]).toMatchObject({ respondent: "recipient", id: people[0].id, name: people[0].name, prsnAgreeYn: "Y" });
  });
});

describe("results (getSurveyResult.do) and the answers export (getSurveyAnswers.do)", () => {
  it("counts per option with percentages and means, per lecture, and lists free texts", async () => {
    const { seq, info: s } = await createSurvey({
      slList: [{ slName: "강의 A" }, { slName: "강의 B" }],
      qestList: [choice("만족도"), choice("복수 선택", { multiAns: "Y", itemType: 5, itemList: [{ text: "가" }, { text: "나" }, { text: "다" }] }), freeText("의견")],
    });
    const [q1, q2, q3] = s.qestList;
    const [la, lb] = s.slList;
    const sheets = [
      { sl: la, q1: 5, q2: [0, 1], text: "좋음" },
      { sl: la, q1: 3, q2: [1], text: "" },
      { sl: lb, q1: 5, q2: [], text: "보통" },
      { sl: lb, q1: null, q2: [2], text: "" },
    ];
    for (const sh of sheets) {
      const key = (await ask({ srSeq: seq })).body.result.submitKey;
      const answers = [
        ...(sh.q1 !== null ? [{ sqSeq: q1.sqSeq, siSeq: q1.itemList[sh.q1].siSeq }] : []),
        { sqSeq: q2.sqSeq, siSeqs: sh.q2.map((j) => q2.itemList[j].siSeq) },
        { sqSeq: q3.sqSeq, text: sh.text },
      ];
      expect((await submit({ srSeq: seq, submitKey: key, slSeq: sh.sl.slSeq, answers })).body.status).toBe(200);
    }
    const res = (await api.call(S.result, { seq }, { token: admin.accessToken })).body.result;
    expect(res.summary).toMatchObject({ sentCnt: 0, answerCnt: 4, publicAnswerCnt: 4, responseRate: null });
    const [r1, r2, r3] = res.questions;
    expect(r1.answerCnt).toBe(3);
    expect(r1.items.map((i: any) => i.count)).toEqual([0, 0, 0, 1, 0, 2]);
    expect(r1.items[5].percent).toBe(66.7);
    expect(r1.mean).toBe(5.33);
    expect(r2).toMatchObject({ answerCnt: 3, mean: null });
    expect(r2.items.map((i: any) => [i.count, i.percent])).toEqual([[1, 33.3], [2, 66.7], [1, 33.3]]);
    expect(r3.texts.map((t: any) => t.text)).toEqual(["좋음", "보통"]);
    const a = res.lectures.find((l: any) => l.slSeq === la.slSeq);
    expect(a.answerCnt).toBe(2);
    expect(a.questions.find((q: any) => q.sqSeq === q1.sqSeq)).toMatchObject({ answerCnt: 2, mean: 5 });

    const ex = (await api.call(S.answers, { seq }, { token: admin.accessToken })).body.result;
    expect(ex.list).toHaveLength(4);
    expect(ex.list[0]).toMatchObject({ respondent: "public", id: "", name: "", slName: "강의 A" });
    expect(ex.list[0].answers.find((x: any) => x.sqSeq === q2.sqSeq).siSeqs).toHaveLength(2);
    expect(ex.qestList).toHaveLength(3);
  });

  it("pages the free texts (20 a page, one question's page asked for) and counts only what was written", async () => {
    const { seq, info: s } = await createSurvey({ qestList: [freeText("의견"), freeText("건의")] });
    const [q1, q2] = s.qestList;
    const texts = Array.from({ length: 45 }, (_, i) => `의견 ${i + 1}`);
    for (const [i, text] of [...texts, " \n\t "].entries()) {
      const key = (await ask({ srSeq: seq })).body.result.submitKey;
      const answers = [{ sqSeq: q1.sqSeq, text }, { sqSeq: q2.sqSeq, text: i < 3 ? `건의 ${i + 1}` : "" }];
      expect((await submit({ srSeq: seq, submitKey: key, answers })).body.status).toBe(200);
    }
    const result = async (body: Record<string, unknown>) => (await api.call(S.result, { seq, ...body }, { token: admin.accessToken })).body.result;
    const first = await result({});
    expect(first.summary.answerCnt).toBe(46);
    const [r1, r2] = first.questions;
    // a sheet of only spaces and line breaks is not an answer
    expect(r1).toMatchObject({ answerCnt: 45, textCnt: 45, textPage: 1 });
    expect(r1.texts.map((t: any) => t.text)).toEqual(texts.slice(0, 20));
    expect(r2).toMatchObject({ answerCnt: 3, textCnt: 3, textPage: 1 });
    expect(r2.texts.map((t: any) => t.text)).toEqual(["건의 1", "건의 2", "건의 3"]);
    expect(first.textPageSize).toBe(20);

    // the last page of the first question; the other question stays on its first
    const last = await result({ textSqSeq: q1.sqSeq, textPage: 3 });
    expect(last.questions[0]).toMatchObject({ textCnt: 45, textPage: 3 });
    expect(last.questions[0].texts.map((t: any) => t.text)).toEqual(texts.slice(40));
    expect(last.questions[1].texts).toHaveLength(3);
    // a page past the end is the last one; a bad page number is refused
    expect((await result({ textSqSeq: q1.sqSeq, textPage: 99 })).questions[0]).toMatchObject({ textPage: 3 });
    const bad = await api.call(S.result, { seq, textSqSeq: q1.sqSeq, textPage: 0 }, { token: admin.accessToken });
    expect(bad.body.status).toBe(400);
  });
});
