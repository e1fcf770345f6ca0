/**
 * Errors in one place (utils/legacy-errors.server.ts, docs/architecture.md "Errors"): a
 * LegacyError that escapes a route's work becomes, in withSession, the form's '알림' reply for a
 * post (typed values kept) or a thrown Response with the message for a page; anything else is
 * rethrown, and a SessionEndedError still signs out.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LegacyError, LegacyUnavailableError, SessionEndedError } from "~/legacy/errors";
import { MSG } from "~/schemas/messages.ko";
import { readForm, withSession } from "~/utils/context.server";
import { legacyErrorResponse, legacyErrors } from "~/utils/legacy-errors.server";
import { fakeLegacy, flashOf, get, post, run, signedIn } from "./route-harness";

const SERVER_TEXT = "해당 연도의 코드가 없습니다.";

/** withSession's answer when the route's work throws `error` (after reading the posted form, for a post). */
function failing(args: { request: Request; context: unknown }, error: unknown) {
  return run(() =>
    withSession(args, async (session) => {
      if (args.request.method === "POST") await readForm(args.request, session);
      throw error;
    }),
  );
}

describe("withSession: a LegacyError escaping the route's work", () => {
  it("an action answers the form's reply: the server's message in `alert`, the typed values kept", async () => {
    const res = await failing(post("/insert/student/add", signedIn(), { name: "배유나", id: "990000203" }), new LegacyError(SERVER_TEXT, 400));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { alert: string; repopulateFields: Record<string, unknown>; fieldErrors: Record<string, string> };
    expect(body.alert).toBe(SERVER_TEXT);
    expect(body.repopulateFields).toMatchObject({ name: "배유나", id: "990000203" });
    expect(body.fieldErrors).toEqual({});
  });

  it("a loader throws a Response with the message; a 404 stays a 404", async () => {
    let thrown: unknown;
    try {
      await withSession(get("/x", signedIn()), async () => {
        throw new LegacyError(SERVER_TEXT, 400);
      });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).json()).toEqual({ alert: SERVER_TEXT });

    const gone = await failing(get("/x", signedIn()), new LegacyError("존재하지 않는 데이터입니다.", 404));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ alert: "존재하지 않는 데이터입니다." });

    const failed = await failing(get("/x", signedIn()), new LegacyError("", 500));
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ alert: MSG.genericError });
  });

  it("an unreachable server (LegacyUnavailableError) reads '오류가 발생하였습니다.': 503 for a page and a post", async () => {
    const page = await failing(get("/x", signedIn()), new LegacyUnavailableError("timeout after 10 ms"));
    expect(page.status).toBe(503);
    expect(await page.json()).toEqual({ alert: MSG.genericError });
    const posted = await failing(post("/x", signedIn(), { a: "1" }), new LegacyUnavailableError("timeout after 10 ms"));
    expect(posted.status).toBe(503);
    expect(((await posted.json()) as { alert: string }).alert).toBe(MSG.genericError);
  });

  it("any other error is rethrown as it is", async () => {
    const boom = new TypeError("boom");
    await expect(failing(get("/x", signedIn()), boom)).rejects.toBe(boom);
    await expect(failing(post("/x", signedIn(), { a: "1" }), boom)).rejects.toBe(boom);
  });

  it("a SessionEndedError still signs out to the sign-in page with its message", async () => {
    const res = await failing(get("/x", signedIn()), new SessionEndedError(MSG.sessionExpired));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(flashOf(res)).toEqual({ kind: "error", text: MSG.sessionExpired });
  });
});

describe("the screen's own texts (legacyErrors)", () => {
  it("a failure without a message reads the screen's text; a 404 its not-found text", async () => {
    const { request } = post("/x", signedIn(), { a: "1" });
    const res = await legacyErrors(request, { fallbackMessage: MSG.createFailed }, async () => {
      throw new LegacyError("", 400);
    });
    expect(((await (res as Response).json()) as { alert: string }).alert).toBe(MSG.createFailed);
    const page = legacyErrorResponse(new LegacyError("", 404), get("/x", signedIn()).request, { on404: "없는 위원회입니다." });
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ alert: "없는 위원회입니다." });
  });
});

describe("/insert/student/add when getCodeListAll.do fails", () => {
  let legacy: ReturnType<typeof fakeLegacy> | undefined;
  afterEach(() => legacy?.done());

  it("answers the server's message for the frame's ErrorBoundary, not a 500", async () => {
    legacy = fakeLegacy({ "/api/student/getCodeListAll.do": () => ({ status: 400, message: SERVER_TEXT }) }, ["/insert/student/document"]);
    const { loader } = await import("~/routes/_app.insert.student.add");
    const res = await run(() => loader(get("/insert/student/add?year=2026", signedIn())));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ alert: SERVER_TEXT });
  });
});
