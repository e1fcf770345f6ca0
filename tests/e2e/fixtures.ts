/**
 * The e2e `test`: Playwright's, with one browser context per worker instead of one per test.
 *
 * Nearly all of the suite's time is Chromium's CPU (2 shared cores): a fresh context per test
 * downloads and compiles the same scripts and styles again in every test. One context per worker
 * keeps its HTTP cache and V8's code cache warm across tests; each test still gets a new page and
 * starts signed out, without cookies, permissions, extra headers, routes or stored data from the
 * test before it.
 * A test that needs a context of its own (another device, another user at once) makes one with
 * `browser.newContext()` as before.
 */
import { test as base, type BrowserContext } from "@playwright/test";

// everything else as Playwright has it (this module's own `test` takes precedence)
export * from "@playwright/test";

export const test = base.extend<{}, { workerContext: BrowserContext }>({
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
  context: async ({ workerContext, actionTimeout, navigationTimeout }, use) => {
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
    // the pages of the test (and any it opened) go; the context with its caches stays. Each page
    // first leaves for about:blank, which aborts what its scripts still had in flight: a reply
    // landing later would otherwise set this test's session cookie in the next test
    // (a page that never left about:blank, as in a test that skipped itself, has nothing in flight)
    await Promise.all(
      workerContext.pages().map(async (p) => {
        if (p.url() !== "about:blank") await p.goto("about:blank").catch(() => undefined);
        await p.close();
      }),
    );
    await workerContext.clearCookies();
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
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
});
