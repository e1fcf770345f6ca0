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
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";

// everything else as Playwright has it (this module's own `test` takes precedence)
export * from "@playwright/test";

export const test = base.extend<{}, { workerContext: BrowserContext; workerPage: Page }>({
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
});
