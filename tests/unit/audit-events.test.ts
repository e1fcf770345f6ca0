/**
 * The audit log's new events (issue 37 item 3, ADR 0067), each provoked through the code a page
 * runs: the gateway's calls (utils/audit-calls.server.ts) for the student, professor,
 * exam-analysis and achievement imports, the survey answers workbook, find-password and its reset
 * code, personal-data reads of people and a refused write; the route guard for a refused menu;
 * the failed sign-in's masked id; the retention purge that never takes a row younger than two
 * years. Who and from where come from the request's scope, as withSession sets it.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as accountApi from "~/legacy/endpoints/account.server";
import * as achievementApi from "~/routes/_app.insert.professor.archive+/__calls.server";
import * as examApi from "~/routes/_app.eval.monitor.analysis+/__calls.server";
import * as peopleApi from "~/legacy/endpoints/people.server";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { legacyPost } from "~/legacy/gateway.server";
import { auditLoader } from "~/routes/_app.management.audit+/__loader.server";
import { auditRetentionYears, auditScope, auditStore, maskTypedId, pruneAudit, searchAudit, type AuditRow } from "~/utils/audit.server";
import { FakeSession } from "./fake-token-holder";
import { fakeLegacy, get, run, signedIn, USER } from "./route-harness";

let legacy: ReturnType<typeof fakeLegacy> | undefined;
const saved = process.env.LEGACY_API_URL;
beforeAll(async () => {
  // beside a legacy server: the web tier's own store (a PGlite folder under the test's DATA_DIR)
  process.env.LEGACY_API_URL = "http://legacy.invalid";
  await auditStore();
});
afterAll(() => {
  if (saved === undefined) delete process.env.LEGACY_API_URL;
  else process.env.LEGACY_API_URL = saved;
});
afterEach(() => legacy?.done());

const session = new FakeSession("access", "refresh");
const upload = { status: 200, message: "", successCount: 2, faildCount: 1, failures: [{ row: 3, id: "2026003", message: "학번을 입력해주세요." }] };
const xlsx = () => new File([new Uint8Array(1234)], "명단_홍길동.xlsx");

/** Runs `work` as a request of `userId` from `address` on the page `path` (withSession's scope). */
const asRequest = <T,>(userId: string, path: string, work: () => Promise<T>) => auditScope.run({ userId, address: "192.0.2.44", path, seen: new Set() }, work);

const rowsOf = async (userId: string): Promise<AuditRow[]> => (await searchAudit((await auditStore()).db, { userId }, 1, 100)).rows;

describe("imports (every Excel upload, whatever its screen)", () => {
  it.each([
    ["student", "/insert/student/document", "/api/student/excelUpload.do", () => peopleApi.uploadPeopleExcel(session, "student", 2026, xlsx())],
    ["professor", "/insert/professor/document", "/api/professor/excelUpload.do", () => peopleApi.uploadPeopleExcel(session, "professor", 2026, xlsx())],
    ["exam analysis", "/eval/monitor/analysis", "/api/analysis/excelUpload.do", () => examApi.uploadAnalysisExcel(session, xlsx())],
    ["achievement", "/insert/professor/archive", "/api/professor/archiveExcelUpload.do", () => achievementApi.uploadArchiveExcel(session, xlsx())],
  ] as const)("a %s import is a row with the counts and the size, never the file's name", async (kind, page, call, work) => {
    legacy = fakeLegacy({ [call]: () => upload });
    const user = `imp-${kind.replace(" ", "")}`;
    await asRequest(user, page, work);
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({ action: "excelUpload", target: `${page} ${call}`, address: "192.0.2.44", outcome: "ok" });
    expect(row.detail).toContain("size=1234");
    expect(row.detail).toContain("success=2, failed=1");
    expect(row.detail).not.toContain("홍길동");
  });

  it("a refused import is a failed row with the server's message", async () => {
    legacy = fakeLegacy({ "/api/student/excelUpload.do": () => ({ status: 400, message: "엑셀 양식이 올바르지 않습니다." }) });
    await asRequest("imp-refused", "/insert/student/document", () => peopleApi.uploadPeopleExcel(session, "student", 2026, xlsx()).catch(() => null));
    const [row] = await rowsOf("imp-refused");
    expect(row).toMatchObject({ action: "excelUpload", outcome: "fail" });
    expect(row.detail).toContain("엑셀 양식이 올바르지 않습니다.");
  });
});

describe("exports and personal-data reads", () => {
  it("the survey answers workbook (respondents' names) is an export row", async () => {
    legacy = fakeLegacy({ "/api/survey/getSurveyAnswers.do": () => ({ status: 200, result: { info: { srSeq: 4, srName: "강의평가", prsnInfoYn: "Y" }, qestList: [], slList: [], list: [] } }) });
    await asRequest("exp-answers", "/survey/result/4/excel", () => surveyApi.surveyAnswers(session, 4));
    const [row] = await rowsOf("exp-answers");
    expect(row).toMatchObject({ action: "excelDownload", target: "/survey/result/4/excel /api/survey/getSurveyAnswers.do", outcome: "ok" });
    expect(row.detail).toContain("설문 응답 (응답자 이름 포함)");
    expect(row.detail).toContain("seq=4");
  });

  it("a list and a detail of people are reads, once per call and request, their names masked", async () => {
    legacy = fakeLegacy({
      "/api/student/getList.do": () => ({ status: 200, result: { list: [] } }),
      "/api/student/getDetail.do": () => ({ status: 200, result: {} }),
      "/api/getUserInfo.do": () => ({ status: 200, result: {} }),
    });
    await asRequest("read-people", "/insert/student/document", async () => {
      await legacyPost("/api/student/getList.do", { year: 2026, value: "홍길동", userNm: "홍길동" }, z.unknown());
      await legacyPost("/api/student/getList.do", { year: 2026, value: "" }, z.unknown());
      await legacyPost("/api/student/getDetail.do", { usSeq: 11, year: 2026 }, z.unknown());
    });
    await asRequest("read-people", "/management/member/registration", () => legacyPost("/api/getUserInfo.do", { seq: 7 }, z.unknown()));
    const rows = await rowsOf("read-people");
    expect(rows.map((r) => r.target)).toEqual([
      "/management/member/registration /api/getUserInfo.do",
      "/insert/student/document /api/student/getDetail.do",
      "/insert/student/document /api/student/getList.do",
    ]);
    expect(rows.every((r) => r.action === "personalRead" && r.outcome === "ok")).toBe(true);
    expect(rows[2].detail).toContain("학생 목록");
    expect(rows[2].detail).toContain("userNm=홍*동");
  });

  it("a refused write is a failed row (a saved one is the route's own row)", async () => {
    legacy = fakeLegacy({
      "/api/student/edit.do": () => ({ status: 400, message: "등록 실패하였습니다." }),
      "/api/student/delete.do": () => ({ status: 200, result: {} }),
    });
    await asRequest("write-refused", "/insert/student/document", async () => {
      await legacyPost("/api/student/edit.do", { usSeq: 11, userPass: "secret-1" }, z.unknown()).catch(() => null);
      await legacyPost("/api/student/delete.do", { usSeq: 11 }, z.unknown());
    });
    const rows = await rowsOf("write-refused");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "recordChange", outcome: "fail", target: "/insert/student/document /api/student/edit.do" });
    expect(rows[0].detail).toContain("등록 실패하였습니다.");
    expect(rows[0].detail).not.toContain("secret-1");
  });
});

describe("account recovery", () => {
  const fields = { userId: "rec-user", userNm: "김도윤", dptCd: "0000300001", telNo: "010-1234-5678", email: "doyun", emailCd: "0000400001" };

  it("find-password: the reset code issued, no such user, a refused code", async () => {
    let reply: unknown = { status: 200, result: { findInfo: { userSeq: 3, changeToken: "tok-123", codeSent: "outbox", codeTo: "d***@x.kr" } } };
    legacy = fakeLegacy({
      "/api/loginpass/findUserInfo.do": () => reply,
      "/api/loginpass/changePwd.do": () => ({ status: 400, message: "인증 코드가 올바르지 않습니다." }),
    });
    // before sign-in: no user in the scope, the account named is who
    const anonymous = <T,>(work: () => Promise<T>) => auditScope.run({ address: "192.0.2.45", path: "/", seen: new Set() }, work);
    await anonymous(() => accountApi.findUser(fields));
    reply = { status: 200, result: { findInfo: null } };
    await anonymous(() => accountApi.findUser(fields));
    await anonymous(() => accountApi.changePassword({ userSeq: 3, userPass: "New-pass-1!", changeToken: "tok-123", code: "123456" }).catch(() => null));

    const found = await rowsOf("rec-user");
    expect(found.map((r) => [r.action, r.outcome])).toEqual([["accountRecovery", "fail"], ["accountRecovery", "ok"]]);
    expect(found[1].detail).toContain("재설정 코드 발송(outbox)");
    expect(found[0].detail).toContain("일치하는 사용자 없음");
    for (const r of found) {
      expect(r.detail).toContain("userNm=김*윤");
      expect(r.detail).not.toContain("010-1234-5678");
    }
    const all = (await searchAudit((await auditStore()).db, { action: "accountRecovery" }, 1, 100)).rows;
    const reset = all.find((r) => r.target.endsWith("/api/loginpass/changePwd.do"))!;
    expect(reset).toMatchObject({ outcome: "fail", address: "192.0.2.45" });
    expect(reset.detail).toContain("인증 코드가 올바르지 않습니다.");
    for (const secret of ["New-pass-1!", "tok-123", "123456"]) expect(reset.detail).not.toContain(secret);
  });
});

describe("refused menus and failed sign-ins", () => {
  it("a page outside the user's menus is a refused row with its path", async () => {
    legacy = fakeLegacy({}, ["/dashboard"]);
    const user = { ...USER, userId: "menu-refused", adminYn: "N" as const };
    const res = await run(() => auditLoader({ ...get("/management/audit?userId=x", signedIn(user)), context: { clientAddress: "192.0.2.46" } } as never));
    expect(res.status).toBe(302);
    const [row] = await rowsOf("menu-refused");
    expect(row).toMatchObject({ action: "accessDenied", target: "/management/audit", outcome: "denied", address: "192.0.2.46" });
  });

  it("a failed sign-in's typed id is kept masked: two characters, then one '*' each", () => {
    expect(maskTypedId("entry01")).toBe("en*****");
    expect(maskTypedId("Tr0ub4dor&3")).toBe("Tr*********");
    expect(maskTypedId("a")).toBe("a");
    expect(maskTypedId("x".repeat(60))).toBe(`xx${"*".repeat(20)}`);
  });
});

describe("retention (PIPA: at least two years)", () => {
  it("the purge takes rows past two years and a day, never a younger one, whatever the setting", async () => {
    const { db } = await auditStore();
    const ages = ["1 day", "729 days", "2 years", "2 years 12 hours", "2 years 2 days", "5 years"];
    for (const age of ages) {
      await db.execute(sql`INSERT INTO "audit_log" ("at", "user_id", "action", "target") VALUES (now() - ${age}::interval, 'retention', 'signIn', ${age})`);
    }
    expect(auditRetentionYears(undefined)).toBe(2);
    expect(auditRetentionYears("1")).toBe(2);
    expect(auditRetentionYears("0")).toBe(2);
    expect(auditRetentionYears("5")).toBe(5);
    // asked for one year, it keeps two
    await pruneAudit(db, 1);
    expect((await rowsOf("retention")).map((r) => r.target).sort()).toEqual(["1 day", "2 years", "2 years 12 hours", "729 days"].sort());
    // the database itself refuses a younger row's delete
    const refused = await db.execute(sql`DELETE FROM "audit_log" WHERE "target" = '729 days'`).then(
      () => "deleted",
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toBe("audit_log is append-only");
  });
});
