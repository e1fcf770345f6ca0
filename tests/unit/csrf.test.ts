/** CSRF refusal: cross-site requests and missing or wrong tokens get a 403. */
import { describe, expect, it } from "vitest";
import { assertCsrf, isCrossSite } from "~/utils/csrf.server";
import { Session } from "~/utils/session.server";

process.env.SESSION_SECRET = "csrf-test-secret-0123456789abcdef";

function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/", { method: "POST", headers: { Host: "localhost:3000", ...headers } });
}
function form(token?: string) {
  const f = new FormData();
  if (token !== undefined) f.set("_csrf", token);
  return f;
}

describe("csrf", () => {
  const session = Session.fromRequest(new Request("http://localhost:3000/"));

  it("passes a same-origin post with the session's token", () => {
    expect(() => assertCsrf(post({ Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" }), session, form(session.csrfToken))).not.toThrow();
  });

  it("refuses another site's origin even with the right token", () => {
    expect(isCrossSite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSite(post({ Origin: "null" }))).toBe(true);
    let thrown: unknown;
    try {
      assertCsrf(post({ Origin: "https://evil.example" }), session, form(session.csrfToken));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });

  it("refuses a missing or wrong token", () => {
    expect(() => assertCsrf(post({ Origin: "http://localhost:3000" }), session, form())).toThrow();
    expect(() => assertCsrf(post({ Origin: "http://localhost:3000" }), session, form("x".repeat(32)))).toThrow();
  });
});
