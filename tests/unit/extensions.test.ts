/**
 * Issue 33: against a legacy server that has only the spec's calls, the pages that use our
 * extensions work on without them and say so in Korean, and the spec's public links open.
 * The fake server (route-harness) answers HTTP 404 to every call it does not list, as a server
 * without the call does.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loader as surveyResult } from "~/routes/_app.survey+/result.$srSeq";
import { loader as consentSend } from "~/routes/_app.management.privacy+/send.$uiaSeq";
import { loader as askPersonal } from "~/routes/survey.ask.$srSeq+/_.$usSeq";
import { loader as askPublic } from "~/routes/survey.ask.$srSeq+/_route";
import { action as consentSubmit, loader as consentPage } from "~/routes/send.privacyAgree.$uiaSeq.$usSeq";
import { isMissingCall } from "~/legacy/errors";
import { legacyPost } from "~/legacy/gateway.server";
import { optionalCall } from "~/legacy/extension.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { z } from "zod";
import { fakeLegacy, get, ORIGIN, run, signedIn, type Call } from "./route-harness";

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => {
  legacy?.done();
  vi.restoreAllMocks();
});

const ok = (result: unknown) => ({ status: 200, result });

describe("a call the server does not have", () => {
  it("is a LegacyMissingCallError, which optionalCall turns into the Korean note", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    legacy = fakeLegacy({ "/api/there.do": () => ({ status: 400, message: "서버의 메시지" }) });
    const missing = await legacyPost("/api/not-there.do", {}, z.unknown()).catch((e) => e);
    expect(isMissingCall(missing)).toBe(true);
    await expect(optionalCall("발송 보관함", () => legacyPost("/api/not-there.do", {}, z.unknown()))).resolves.toEqual({
      value: null,
      note: "연결된 서버가 발송 보관함 기능을 제공하지 않아 이 부분은 표시할 수 없습니다.",
    });
    // a business error of a call the server has keeps the server's message
    await expect(optionalCall("x", () => legacyPost("/api/there.do", {}, z.unknown()))).resolves.toEqual({ value: null, note: "서버의 메시지" });
  });
});

describe("pages on a server without our extensions", () => {
  it("P13 without getSurveyResult.do shows the survey's name and says the results are not available here", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    legacy = fakeLegacy(
      { "/api/survey/getSurveyInfo.do": () => ok({ info: { srSeq: 4, srName: "2026 강의평가", status: "진행중", usyn: "Y", qestCnt: 3 } }) },
      ["/survey"],
    );
    const res = await run(() => surveyResult({ ...get("/survey/result/4", signedIn()), params: { srSeq: "4" } } as never));
    expect(res.status).toBe(200);
    const data = (await res.json()) as { srName: string; result: unknown; note: string };
    expect(data).toMatchObject({ srName: "2026 강의평가", result: null, note: "연결된 서버가 설문 결과 조회 기능을 제공하지 않아 이 부분은 표시할 수 없습니다." });
  });

  it("the consent send page without outboxList.do lists its people and notes the missing outbox", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    legacy = fakeLegacy(
      {
        "/api/agree/sendingUserList.do": () => ok({ list: [{ usSeq: 11, usTy: "1", id: "2026001", name: "김하늘", sendFlag: "N" }], info: { uiaSeq: 3, uiaNm: "개인정보 동의서" } }),
        "/api/agree/getCodeList.do": () => ok({ attnList: [], emplyList: [] }),
      },
      ["/management/privacy"],
    );
    const res = await run(() => consentSend({ ...get("/management/privacy/send/3", signedIn()), params: { uiaSeq: "3" } } as never));
    expect(res.status).toBe(200);
    const data = (await res.json()) as { unsent: { name: string }[]; outbox: { note: string; rows: unknown[] } };
    expect(data.unsent.map((u) => u.name)).toEqual(["김하늘"]);
    expect(data.outbox).toMatchObject({ note: "연결된 서버가 발송 보관함(개인 링크 목록) 기능을 제공하지 않아 이 부분은 표시할 수 없습니다.", rows: [] });
  });

  it("P14 without the answer calls tells a respondent the survey cannot be answered here (both links)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    legacy = fakeLegacy({});
    for (const [loader, path, params] of [
      [askPublic, "/survey/ask/4", { srSeq: "4" }],
      [askPersonal, "/survey/ask/4/11", { srSeq: "4", usSeq: "11" }],
    ] as const) {
      const res = await run(() => loader({ request: new Request(`${ORIGIN}${path}`), params, context: {} } as never));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ kind: "unavailable", message: OWN_MSG.surveyAskUnavailable });
    }
  });

  it("a server that fails or cannot be reached: the Korean message with 503, not a page of 200 without its form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [answer, status] of [
      [() => new Response("", { status: 500 }), 503],
      [() => {
        throw new TypeError("fetch failed");
      }, 503],
    ] as const) {
      legacy = fakeLegacy({ "/api/survey/ask/getSurvey.do": answer });
      const res = await run(() => askPublic({ request: new Request(`${ORIGIN}/survey/ask/4`), params: { srSeq: "4" }, context: {} } as never));
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body).toMatchObject({ kind: "error", status });
      expect(body.message).toMatch(/[가-힣]/);
      legacy.done();
    }
    legacy = undefined;
  });
});

describe("the spec's public consent link /send/privacyAgree/{uiaSeq}/{usSeq}", () => {
  it("opens without ?sig= and sends agreeUser.do and submitAgree.do {uiaSeq, usSeq} as spec 001 §7 names them", async () => {
    const calls: Call[] = [];
    legacy = fakeLegacy({
      "/api/agree/agreeUser.do": (c) => {
        calls.push(c);
        return ok({ isSubmit: "N", agreeYn: null, agreeDt: null, agree: { uiaSeq: 3, uiaNm: "개인정보 동의서", uiaContent: "<p>동의합니까?</p>" } });
      },
      "/api/agree/submitAgree.do": (c) => {
        calls.push(c);
        return { status: 200, message: "저장 되었습니다." };
      },
    });
    const page = await run(() => consentPage({ request: new Request(`${ORIGIN}/send/privacyAgree/3/11`), params: { uiaSeq: "3", usSeq: "11" }, context: {} } as never));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ state: "form", uiaNm: "개인정보 동의서" });
    expect(calls[0].body).toEqual({ uiaSeq: 3, usSeq: 11 });

    // a form post from the page (no sign-in: the session cookie of the page's load carries the CSRF token)
    const cookie = page.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { Session } = await import("~/utils/session.server");
    const csrf = Session.fromRequest(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } })).csrfToken;
    const form = new FormData();
    form.set("agreeYn", "Y");
    form.set("_csrf", csrf);
    const request = new Request(`${ORIGIN}/send/privacyAgree/3/11`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } });
    const saved = await run(() => consentSubmit({ request, params: { uiaSeq: "3", usSeq: "11" }, context: {} } as never));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/send/privacyAgree/3/11");
    expect(calls[1].body).toMatchObject({ uiaSeq: 3, usSeq: 11, agreeYn: "Y" });
    expect(calls[1].body).not.toHaveProperty("sig");
  });
});
