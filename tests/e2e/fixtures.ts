/**
 * The e2e `test`: Playwright's, with one browser context and one page per worker instead of one
 * per test.
 *
 * Nearly all of the suite's time is Chromium's CPU (2 shared cores): a fresh context per test
 * downloads and compiles the same scripts and styles again in every test. One context per worker
 * keeps its HTTP cache and V8's code cache warm across tests (ADR 0029). One page per worker keeps
 * its renderer process too: a new page per test started a renderer each time and parsed the same
 * styles and scripts in it again (ADR 0088). Each test still starts on about:blank, signed out,
 * without cookies, permissions, extra headers, routes, listeners or stored data from the test
 * before it, in the project's window size.
 * A test that needs a context of its own (another device, another user at once) makes one with
 * `browser.newContext()` as before.
 *
 * A test that changes a user's own state (profile, password, second factor, messages read) makes
 * the user for itself (ADR 0089), as the Epic Stack's tests do: `insertNewUser()` applies through
 * the public sign-up form and has the administrator approve the request, as a new member of staff
 * is let in; `login()` does that and signs the test's page in as the new user.
 */
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { applyForAccount, DEMO_PASSWORD, JOIN_PASSWORD, postSignIn, uniqueId } from "./helpers";

// everything else as Playwright has it (this module's own `test` takes precedence)
export * from "@playwright/test";

/** An account a test made for itself: approved, signed in with its password alone (no second factor). */
export interface NewUser {
  userId: string;
  userNm: string;
  password: string;
  /** its authorities as stored: "1" 입력자, "2" 위원회 */
  authTy: "1" | "2";
}
export interface NewUserOptions {
  /** the authority the user applies for and the administrator grants: "1" 입력자 (default), "2" 위원회 */
  authTy?: "1" | "2";
  /** the name the user applies with */
  userNm?: string;
  /** the id's first letters (a fresh id follows) */
  prefix?: string;
}

/**
 * The administrator's approval of `userId`'s join request, through the member list as the
 * administrator's browser posts it: the request's row (its `userSeq`) found by the id, then the
 * approval dialog's form with the granted authority.
 */
async function approve(admin: APIRequestContext, origin: string, userId: string, authTy: string) {
  const list = `/management/member?value=${encodeURIComponent(userId)}`;
  const html = await (await admin.get(list)).text();
  const link = html.match(/<a\b[^>]*>/g)?.find((tag) => tag.includes(`aria-label="승인 상세: ${userId}"`));
  const userSeq = /userSeq=(\d+)/.exec(link ?? "")?.[1];
  expect(userSeq, `${userId}'s join request in the member list`).toBeTruthy();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const res = await admin.post(list, { form: { _csrf: csrf, intent: "approve", userSeq: userSeq!, authTy }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(res.status(), "the approval's redirect back to the list").toBe(302);
}

type TestFixtures = {
  /** Makes an approved account of the test's own (`NewUserOptions`); the page is not signed in. */
  insertNewUser: (options?: NewUserOptions) => Promise<NewUser>;
  /** `insertNewUser`, then the test's page signed in as the new user (the session cookie set; the page stays where it was). */
  login: (options?: NewUserOptions) => Promise<NewUser>;
};

export const test = base.extend<TestFixtures, { workerContext: BrowserContext; workerPage: Page }>({
  workerContext: [
    // the project's options (no spec overrides them with test.use; a worker fixture cannot see one)
    async ({ browser }, use, workerInfo) => {
      const { javaScriptEnabled, baseURL, locale, timezoneId } = workerInfo.project.use;
      const ctx = await browser.newContext({ javaScriptEnabled, baseURL, locale, timezoneId });
      await use(ctx);
      await ctx.close();
    },
    { scope: "worker" },
  ],
  workerPage: [
    async ({ workerContext }, use) => {
      await use(await workerContext.newPage());
    },
    { scope: "worker" },
  ],
  context: async ({ workerContext, workerPage, actionTimeout, navigationTimeout }, use) => {
    // what a test may have set on the context: cookies, permissions, extra headers (a test posing
    // as another client address sets X-Forwarded-For), offline
    await workerContext.clearCookies();
    await workerContext.clearPermissions();
    await workerContext.setExtraHTTPHeaders({});
    await workerContext.setOffline(false);
    workerContext.setDefaultTimeout(actionTimeout || 0);
    workerContext.setDefaultNavigationTimeout(navigationTimeout || 0);
    await use(workerContext);
    await workerContext.unrouteAll({ behavior: "ignoreErrors" });
    // the pages the test opened go, the worker's page stays; the context with its caches stays.
    // Each page first leaves for about:blank, which aborts what its scripts still had in flight: a
    // reply landing later would otherwise set this test's session cookie in the next test
    // (a page that never left about:blank, as in a test that skipped itself, has nothing in flight)
    await Promise.all(
      workerContext.pages().map(async (p) => {
        if (p.url() !== "about:blank") await p.goto("about:blank").catch(() => undefined);
        if (p !== workerPage) await p.close();
      }),
    );
    await workerContext.clearCookies();
  },
  page: async ({ context, workerPage, viewport }, use) => {
    // a test that closed the worker's page leaves the next one a page of its own (closed with the test)
    const page = workerPage.isClosed() ? await context.newPage() : workerPage;
    // what a test may have set on the page: listeners (a dialog handler, a response recorder),
    // routes, extra headers (a forged cookie), the window's size, where the mouse rests
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.setExtraHTTPHeaders({});
    if (viewport) await page.setViewportSize(viewport);
    await page.mouse.move(0, 0);
    await use(page);
    // origin storage the page left (the session itself is a cookie, cleared with the context)
    if (page.url() === "about:blank") return;
    await page
      .evaluate(() => {
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {
          /* a page without an origin (about:blank) */
        }
      })
      .catch(() => undefined);
  },
  insertNewUser: async ({ playwright, baseURL }, use) => {
    const origin = String(baseURL);
    // the administrator's requests, signed in on the first user the test makes (their own cookies:
    // the test's page keeps its own session)
    let admin: APIRequestContext | undefined;
    const made: APIRequestContext[] = [];
    await use(async ({ authTy = "1", userNm = "김민수", prefix = "u" } = {}) => {
      const userId = uniqueId(prefix);
      const applicant = await playwright.request.newContext({ baseURL: origin });
      made.push(applicant);
      await applyForAccount(applicant, origin, userId, userNm, authTy);
      if (!admin) {
        admin = await playwright.request.newContext({ baseURL: origin });
        made.push(admin);
        const signedIn = await postSignIn(admin, origin, "admin", DEMO_PASSWORD);
        expect(new URL(signedIn.headers().location ?? "/", origin).pathname, "the administrator signed in").toBe("/dashboard");
      }
      await approve(admin, origin, userId, authTy);
      return { userId, userNm, password: JOIN_PASSWORD, authTy };
    });
    await Promise.all(made.map((r) => r.dispose()));
  },
  login: async ({ page, insertNewUser, baseURL }, use) => {
    await use(async (options) => {
      const user = await insertNewUser(options);
      const origin = String(baseURL);
      const res = await postSignIn(page.request, origin, user.userId, user.password);
      expect(new URL(res.headers().location ?? "/", origin).pathname, `${user.userId} signed in`).toBe("/dashboard");
      return user;
    });
  },
});
