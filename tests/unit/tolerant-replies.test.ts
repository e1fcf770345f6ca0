/**
 * Tolerant reading, strict writing: the reply schemas (app/legacy/wire.ts and
 * app/legacy/endpoints) read the value shapes a Java legacy server written from the spec may send
 * (null for absent values and lists, numbers as text, Y/N flags as booleans, bare or `{id, text}`
 * codes, extra fields), and a row of a list that cannot be read is dropped and counted instead of
 * blanking the page.
 *
 * 1. the primitives, one by one;
 * 2. the shape varier (app/embedded/spec-only/vary.server.ts);
 * 3. the endpoint calls of tests/unit/strict-replies.test.ts (and the survey and consent calls)
 *    against the embedded backend behind the strict fake, each call made twice, once as the spec
 *    shapes the reply and once varied as well: both must succeed with the same values.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { varyReply } from "~/embedded/spec-only/vary.server";
import type { EmbeddedBackend } from "~/embedded/index.server";
import * as achievementApi from "~/routes/_app.insert.professor.archive+/__calls.server";
import * as activities from "~/legacy/endpoints/activities.server";
import * as activityCalls from "~/calls/activities";
import { login } from "~/legacy/endpoints/auth.server";
import * as awards from "~/legacy/endpoints/awards.server";
import { commonCodes } from "~/legacy/endpoints/code.server";
import * as committees from "~/legacy/endpoints/committees.server";
import * as analysisApi from "~/routes/_app.eval.monitor.analysis+/__calls.server";
import { studentName } from "~/legacy/endpoints/lookup.server";
import * as lawApi from "~/legacy/endpoints/medical-law.server";
import * as pss from "~/routes/_app.insert.eval.patient-safety+/__calls.server";
import * as indicators from "~/legacy/endpoints/eval-indicators.server";
import * as people from "~/legacy/endpoints/people.server";
import { wireStudentRow } from "~/calls/people";
import * as privacy from "~/legacy/endpoints/privacy.server";
import * as relearn from "~/legacy/endpoints/relearning.server";
import * as seminars from "~/routes/_app.insert.professor.seminar+/__calls.server";
import * as survey from "~/legacy/endpoints/survey.server";
import * as agreeCalls from "~/calls/agree";
import * as surveyCalls from "~/calls/survey";
import type { TokenHolder } from "~/legacy/gateway.server";
import { setTransportForTests } from "~/legacy/transport.server";
import * as wire from "~/legacy/wire";
import { bool, code, codeList, flag, key, list, listOf, maybeNum, num, numberList, numOr, numOrNull, obj, optNum, text, textOrNull, unreadableRows, ynOrNull } from "~/legacy/wire";
import { OWN_MSG } from "~/schemas/messages.ko";
import { memoryBackend } from "../memory-backend";
import { listLoader } from "~/utils/list-loader.server";
import { FakeSession } from "./fake-token-holder";
import { fakeLegacy, get, run, signedIn } from "./route-harness";
import { strictFake, type StrictFake } from "./strict-fake";

const ok = <T extends z.ZodTypeAny>(schema: T, v: unknown): z.output<T> => schema.parse(v);
const bad = (schema: z.ZodTypeAny, v: unknown) => expect(schema.safeParse(v).success).toBe(false);

describe("the tolerant primitives", () => {
  it("text: strings and numbers as text, '' when absent", () => {
    expect([ok(text, "가"), ok(text, 12), ok(text, 1.5), ok(text, null), ok(text, undefined), ok(text, "")]).toEqual(["가", "12", "1.5", "", "", ""]);
    expect([ok(textOrNull, "가"), ok(textOrNull, 3), ok(textOrNull, null), ok(textOrNull, ""), ok(textOrNull, undefined)]).toEqual(["가", "3", null, null, null]);
    expect([ok(key, "a1"), ok(key, 7)]).toEqual(["a1", "7"]);
    bad(key, null);
    bad(key, undefined);
    bad(text, { a: 1 });
  });

  it("num: numbers and numeric text; the optional kinds read null, '' and absent", () => {
    expect([ok(num, 3), ok(num, "3"), ok(num, " 2.5 "), ok(num, "-1"), ok(num, "1e3")]).toEqual([3, 3, 2.5, -1, 1000]);
    for (const v of ["", "abc", null, undefined, true, "1,000"]) bad(num, v);
    expect([ok(numOrNull, "4"), ok(numOrNull, null), ok(numOrNull, ""), ok(numOrNull, undefined)]).toEqual([4, null, null, null]);
    expect([ok(optNum, "4"), ok(optNum, null), ok(optNum, ""), ok(optNum, undefined)]).toEqual([4, undefined, undefined, undefined]);
    expect([ok(numOr(0), "4"), ok(numOr(0), null), ok(numOr(0), "")]).toEqual([4, 0, 0]);
    expect([ok(maybeNum, "4"), ok(maybeNum, null), ok(maybeNum, ""), ok(maybeNum, undefined)]).toEqual([4, null, null, undefined]);
    bad(numOrNull, "x");
    // an absent optional number leaves the key out, as before
    expect(ok(obj({ a: maybeNum, b: optNum }), {})).toEqual({});
    expect("a" in ok(obj({ a: maybeNum }), {})).toBe(false);
  });

  it("flag: Y/N however sent, '' when absent, other text as it is", () => {
    for (const y of ["Y", "y", true, "true", 1, "1"]) expect(ok(flag, y)).toBe("Y");
    for (const n of ["N", "n", false, "false", 0, "0"]) expect(ok(flag, n)).toBe("N");
    expect([ok(flag, null), ok(flag, undefined), ok(flag, ""), ok(flag, "S")]).toEqual(["", "", "", "S"]);
    expect([ok(ynOrNull, true), ok(ynOrNull, "N"), ok(ynOrNull, null), ok(ynOrNull, "S")]).toEqual(["Y", "N", null, null]);
    expect([ok(bool(), "Y"), ok(bool(), true), ok(bool(), "N"), ok(bool(), 0), ok(bool(), null), ok(bool(true), undefined)]).toEqual([true, true, false, false, false, true]);
  });

  it("list: null and absent are [], the rows read one by one", () => {
    const rows = list(obj({ seq: num }));
    expect(ok(rows, null)).toEqual([]);
    expect(ok(rows, undefined)).toEqual([]);
    expect(ok(rows, [{ seq: "1" }, { seq: 2 }])).toEqual([{ seq: 1 }, { seq: 2 }]);
    expect(unreadableRows(ok(rows, [{ seq: 1 }]))).toBe(0);
    bad(rows, "not a list");
    bad(rows, { seq: 1 });
  });

  it("codes: {id, text} (numbers as text) or bare values; years as numbers, numeric text or codes", () => {
    expect(ok(codeList, [{ id: "01", text: "재학" }, { id: 2, text: "휴학", extra: "x" }, "03", 4, "Y"])).toEqual([
      { id: "01", text: "재학" },
      { id: "2", text: "휴학", extra: "x" },
      { id: "03", text: "03" },
      { id: "4", text: "4" },
      { id: "Y", text: "Y" },
    ]);
    expect(ok(code, 2026)).toEqual({ id: "2026", text: "2026" });
    expect(ok(codeList, null)).toEqual([]);
    expect(ok(numberList, [2026, "2025", { id: "2024", text: "2024" }, { id: 2023 }])).toEqual([2026, 2025, 2024, 2023]);
    expect(ok(numberList, null)).toEqual([]);
  });

  it("objects keep extra fields", () => {
    expect(ok(obj({ a: text }), { a: "x", extra: 1 })).toEqual({ a: "x", extra: 1 });
  });
});

const row = (usSeq: number) => ({ usSeq, stSeq: usSeq, year: 2026, id: `20260${usSeq}`, name: `학생${usSeq}` });

describe("one unreadable row", () => {
  it("is dropped and counted; the other rows are read", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reply = listOf(wireStudentRow).parse({
        list: [
          { usSeq: 1, stSeq: 1, year: 2026, id: "2026001", name: "가" },
          { usSeq: "x", stSeq: 2, year: 2026, id: "2026002", name: "나" },
          { usSeq: "3", stSeq: "3", year: "2026", id: 2026003, name: "다", grdeCd: null },
        ],
      });
      expect(reply.list.map((r) => r.id)).toEqual(["2026001", "2026003"]);
      expect(unreadableRows(reply.list)).toBe(1);
      // not a field of the rows: JSON and spreads do not carry it
      expect(Object.keys(reply.list)).toEqual(["0", "1"]);
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[legacy\] 1 unreadable row\(s\) of 3 left out: usSeq/));
    } finally {
      error.mockRestore();
    }
  });

  it("is said on the list page in Korean (the list kit's '알림'), the readable rows shown", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const legacy = fakeLegacy({ "/api/student/getList.do": () => ({ status: 200, result: { list: [row(1), { ...row(2), usSeq: null }, row(3), "not a row"] } }) }, ["/student"]);
    try {
      const loader = listLoader({ key: "usSeq", list: (ctx, state) => people.listStudents(ctx.session, { year: state.year, grde: "all", attn: [], value: "" }) });
      const res = await run(() => loader(get("/student", signedIn())));
      const data = (await res.json()) as { rows: { usSeq: number }[]; error: string | null };
      expect(data.rows.map((r) => r.usSeq)).toEqual([1, 3]);
      expect(data.error).toBe(OWN_MSG.unreadableRows.replace("{count}", "2"));
      expect(data.error).toBe("서버 응답 중 읽을 수 없는 행 2건은 표시하지 않았습니다.");
    } finally {
      legacy.done();
      setTransportForTests(fake.transport);
      error.mockRestore();
    }
  });
});

describe("varyReply (the shape varier)", () => {
  it("rewrites numbers, flags, empty values and bare lists under *List keys; codes stay", () => {
    const varied = varyReply({
      list: [{ usSeq: 3, usyn: "Y", del: "N", name: "가", txt: "", imgSrc: null, ok: true, files: [] }],
      yearList: [2026, 2025],
      statusList: [{ id: "01", text: "재학" }],
      siSeqs: [1, 2],
      total: 0,
    });
    expect(varied).toEqual({
      list: [{ usSeq: "3", usyn: true, del: false, name: "가", txt: null, imgSrc: null, ok: true, files: null }],
      yearList: [
        { id: "2026", text: "2026" },
        { id: "2025", text: "2025" },
      ],
      statusList: [{ id: "01", text: "재학" }],
      siSeqs: ["1", "2"],
      total: "0",
    });
    expect(varyReply([])).toBeNull();
    expect(varyReply("YES")).toBe("YES");
    expect(varyReply(null)).toBeNull();
    // deterministic, and the input is not changed
    const input = { a: [1, "Y"] };
    expect(varyReply(input)).toEqual(varyReply(input));
    expect(input).toEqual({ a: [1, "Y"] });
  });
});

// ---- the endpoint calls, as the spec shapes the replies and varied as well ----

const YEAR = 2026;
const PASSWORD = process.env.DEMO_PASSWORD || "Demo1234!";
let backend: EmbeddedBackend;
let fake: StrictFake;
let session: TokenHolder;


/** Every field a wire schema of these modules declares (fields beyond them pass through as sent). */
const DECLARED = new Set<string>();
function collect(schema: unknown, seen = new Set<unknown>(), into = DECLARED) {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._def as Record<string, unknown>;
  if (schema instanceof z.ZodObject) {
    for (const [k, v] of Object.entries(schema.shape as Record<string, unknown>)) {
      into.add(k);
      collect(v, seen, into);
    }
  }
  for (const v of Object.values(def)) {
    if (Array.isArray(v)) v.forEach((x) => collect(x, seen, into));
    else collect(v, seen, into);
  }
}
for (const m of [people, lawApi, pss, relearn, analysisApi, achievementApi, activities, awards, seminars, committees, survey, privacy, wire]) Object.values(m).forEach((v) => collect(v));

/** The declared fields of a reply (rows of evaluation mode are values as sent: kept out). */
function declared(v: unknown, keys: ReadonlySet<string>, evalRows = false): unknown {
  if (Array.isArray(v)) return v.map((x) => declared(x, keys));
  if (!v || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => keys.has(k) && !(evalRows && k === "list"))
      .map(([k, x]) => [k, declared(x, keys)]),
  );
}

/** The fields of these schemas, and a list reply's own (a call whose rows pass fields of other schemas' names through). */
function fieldsOf(...schemas: (z.ZodTypeAny | string)[]): ReadonlySet<string> {
  const keys = new Set(["list", "total", "columns"]);
  for (const s of schemas) {
    if (typeof s === "string") keys.add(s);
    else collect(s, new Set(), keys);
  }
  return keys;
}

/** Any value as a cell shows it: the passed-through fields and evaluation rows are compared so. */
function shown(v: unknown): unknown {
  if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) return "";
  if (v === true || v === false) return v ? "Y" : "N";
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.map(shown);
  // a bare value the varier made a code of (a passed-through `…List`)
  if (typeof v === "object" && "id" in v && "text" in v && v.id === v.text && Object.keys(v).length === 2) return v.id;
  if (typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shown(x)]));
  return v;
}

/**
 * A call made as the spec shapes its reply, then varied: both must succeed, the declared fields
 * equal, and every value (passed-through fields, rows of evaluation mode) the same as shown.
 */
async function same<T>(call: () => Promise<T>, opts: { evalRows?: boolean; fields?: ReadonlySet<string> } = {}): Promise<T> {
  fake.vary = false;
  const plain = await call();
  fake.vary = true;
  try {
    const varied = await call();
    const keys = opts.fields ?? DECLARED;
    expect(declared(varied, keys, opts.evalRows)).toEqual(declared(plain, keys, opts.evalRows));
    expect(shown(varied)).toEqual(shown(plain));
  } finally {
    fake.vary = false;
  }
  return plain;
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "tolerant-replies-secret-0123456789abcdef";
  backend = await memoryBackend();
  fake = strictFake((req) => backend.fetch(req), { passUnlisted: true });
  setTransportForTests(fake.transport);
  const signedIn = await login({ userId: "admin", userPass: PASSWORD, autoLogin: false });
  session = new FakeSession(signedIn.userInfo.accessToken, signedIn.reJwtToken);
}, 60_000);

afterAll(async () => {
  setTransportForTests(undefined);
  await backend?.close();
});

describe("the endpoint calls read varied replies as they read the spec's", () => {
  it("people: code lists, lists (plain and evaluation), details, the high-school search", async () => {
    const codes = await same(() => people.searchCodeLists(session, 1, YEAR));
    expect(codes.yearList).toContain(YEAR);
    await same(() => people.searchCodeLists(session, 2, YEAR));
    await same(() => people.studentFormCodes(session, YEAR));
    await same(() => people.professorFormCodes(session, YEAR));
    await same(() => commonCodes(session, "0000600000", YEAR));
    const students = await same(() => people.listStudents(session, { year: YEAR, grde: "all", attn: [], value: "" }));
    expect(students.list.length).toBeGreaterThan(350);
    expect(unreadableRows(students.list)).toBe(0);
    const ev = await same(() => people.listStudents(session, { year: YEAR, grde: "all", attn: [], value: "", eiSeq: 1, menuSeq: 11 }), { evalRows: true });
    expect(ev.list.length).toBeGreaterThan(0);
    await same(() => indicators.evalColumns(session, 1, 11, YEAR));
    const professors = await same(() => people.listProfessors(session, { year: YEAR, dpt: "all", emply: [], value: "" }));
    expect(professors.list.length).toBeGreaterThan(0);
    await same(() => people.listTutors(session, { year: YEAR, dpt: "all", emply: [], value: "" }));
    const st = students.list[0] as people.WireStudentRow;
    const pf = professors.list[0] as people.WireProfessorRow;
    await same(() => people.getStudent(session, st.usSeq, YEAR));
    await same(() => people.getProfessor(session, pf.usSeq, YEAR));
    await same(() => studentName(session, st.id, YEAR));
  });

  it("medical law, patient safety, re-learners, exam analysis, achievement", async () => {
    await same(() => lawApi.lawCodeLists(session, YEAR));
    const laws = await same(() => lawApi.listLaws(session, { year: YEAR, value: "", tgetSt: [] }));
    expect(laws.list.length).toBeGreaterThan(0);
    const law = laws.list[0] as lawApi.WireLawRow;
    await same(() => lawApi.lawDetail(session, law.hlSeq));
    await same(() => lawApi.previewLaw(session, law.hlSeq));

    const scores = await same(() => pss.listScores(session, { year: YEAR, searchTxt: "" }));
    expect(scores.list.length).toBeGreaterThan(0);
    await same(() => pss.listScores(session, { year: YEAR, searchTxt: "", eiSeq: 1, menuSeq: 34 }), { evalRows: true });

    await same(() => relearn.relearnSubjects(session, YEAR));
    const learners = await same(() => relearn.listRelearners(session, { year: YEAR, value: "" }));
    expect(learners.list.length).toBeGreaterThan(0);
    await same(() => relearn.relearnerDetail(session, (learners.list[0] as relearn.WireRelearner).rlSeq));

    const analyses = await same(() => analysisApi.listAnalyses(session, { year: YEAR, value: "" }));
    expect(analyses.list.length).toBeGreaterThan(0);
    await same(() => analysisApi.getAnalysis(session, (analyses.list[0] as analysisApi.WireAnalysis).eqaSeq));

    await same(() => achievementApi.archiveChart(session, {}));
    await same(() => achievementApi.archiveChart(session, { year: YEAR, eiSeq: 2, menuSeq: 23 }), { evalRows: true });
  });

  it("activities, awards, seminars, committees", async () => {
    for (const kind of ["volunteer", "medical"] as const) {
      const list = await same(() => activities.listActivities(session, kind, { year: YEAR, searchTxt: "" }), { fields: fieldsOf(activityCalls.wireActivity) });
      expect(list.list.length).toBeGreaterThan(0);
    }
    const programs = await same(() => awards.listPrograms(session, { year: YEAR, searchTxt: "" }));
    expect(programs.list.length).toBeGreaterThan(0);
    await same(() => awards.programInfo(session, (programs.list[0] as awards.WireProgram).paSeq));

    const sems = await same(() => seminars.listSeminars(session, { year: YEAR, value: "" }));
    expect(sems.list.length).toBeGreaterThan(0);
    await same(() => seminars.seminarDetail(session, (sems.list[0] as { smSeq: number }).smSeq));
    await same(() => seminars.seminarCategories(session, YEAR));

    const cmts = await same(() => committees.listCommittees(session, { cmtNm: "" }));
    expect(cmts.list.length).toBeGreaterThan(0);
    const terms = await same(() => committees.listTerms(session, { cmtSeq: (cmts.list[0] as committees.WireCommittee).cmtSeq, searchTxt: "", all: "Y" }));
    if (terms.list[0]) await same(() => committees.listMembers(session, terms.list[0].ctSeq));
    await same(() => committees.searchMembers(session, "김"));
  });

  it("surveys and consent forms", async () => {
    const surveys = await same(() => survey.surveyList(session, { searchTxt: "", year: YEAR }), { fields: fieldsOf(surveyCalls.wireSurveySummary) });
    expect(surveys.list.length).toBeGreaterThan(0);
    for (const s of surveys.list.slice(0, 3)) {
      await same(() => survey.surveyInfo(session, s.srSeq));
      await same(() => survey.surveyResult(session, s.srSeq));
      await same(() => survey.surveyAnswers(session, s.srSeq));
      await same(() => survey.sendingUsers(session, s.srSeq, { year: YEAR, value: "", agreeYn: "", attn: [] }), { fields: fieldsOf(surveyCalls.wireRecipient, "info", "srSeq", "srName", "status") });
    }
    // the public answer page of a survey open to anyone with its link
    const asked = await Promise.all(surveys.list.map((s) => survey.askSurvey({ srSeq: s.srSeq, client: "tolerant-test" }).catch(() => null)));
    const open = surveys.list.find((_, i) => asked[i]?.state === "open");
    expect(open).toBeDefined();
    // each ask hands out a new submitKey: compared as present
    const ask = await same(() => survey.askSurvey({ srSeq: open!.srSeq, client: "tolerant-test" }).then((a) => ({ ...a, submitKey: Boolean(a.submitKey) })), { fields: fieldsOf(surveyCalls.wireAskSurvey) });
    expect(ask.survey.qestList.length).toBeGreaterThan(0);
    await same(() => survey.enrolmentStatuses(session, YEAR));
    await same(() => survey.peopleToAdd(session, { year: YEAR, value: "", attn: [] }), { fields: fieldsOf(agreeCalls.wirePerson) });

    const forms = await same(() => privacy.listForms(session, { year: YEAR, value: "" }), { fields: fieldsOf(agreeCalls.wireAgreeForm) });
    expect(forms.list.length).toBeGreaterThan(0);
    const uiaSeq = forms.list[0].uiaSeq;
    await same(() => privacy.formDetail(session, uiaSeq), { fields: fieldsOf(agreeCalls.wireAgreeDetail) });
    await same(() => privacy.statusCodes(session, YEAR));
    await same(() => privacy.sendingUsers(session, { uiaSeq, year: YEAR, value: "", agreeYn: null, attn: null }), { fields: fieldsOf(agreeCalls.wireSendingUser, agreeCalls.wireAgreeDetail, "info") });
    await same(() => privacy.peopleOfYear(session, { year: YEAR, value: "", usTy: "1", uiaSeq }), { fields: fieldsOf(agreeCalls.wirePerson) });
    // the public consent page: a link sent to one person (the send's mails go out after its reply)
    const person = (await privacy.peopleOfYear(session, { year: YEAR, value: "", usTy: "1", uiaSeq }))[0];
    await privacy.addUsers(session, uiaSeq, YEAR, [person.usSeq]);
    await privacy.sendUsers(session, uiaSeq, [person.usSeq], "http://localhost");
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = (await privacy.outbox(session, uiaSeq)).list.find((m) => m.usSeq === person.usSeq)?.link;
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    await same(() => privacy.outbox(session, uiaSeq), { fields: fieldsOf(agreeCalls.wireOutbox, "smtp") });
    const q = new URL(link!, "http://localhost").searchParams;
    const consent = await same(() => privacy.consentOf({ uiaSeq: Number(q.get("uiaSeq") ?? uiaSeq), usSeq: Number(q.get("usSeq") ?? person.usSeq), sig: q.get("sig") ?? "" }));
    expect(consent.agree?.uiaSeq).toBe(uiaSeq);
  });
});
