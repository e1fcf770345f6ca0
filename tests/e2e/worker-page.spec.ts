/**
 * The e2e fixture itself (tests/e2e/fixtures.ts, ADR 0088): every test of a worker gets the
 * worker's one page, reset to what a new page would be; a test that closes it does not break the
 * tests after it. Serial, so that the three run in one worker, in order.
 */
import { expect, test } from "./fixtures";

/** what the first test's listener heard: the tests run in one worker, so they share this module */
const heard: string[] = [];

test.describe.serial("the worker's page", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the fixture's own behaviour, the same in both projects: once is enough");

  test("a test leaves a listener, an extra header and a small window behind", async ({ page }) => {
    page.on("request", (r) => void heard.push(r.url()));
    await page.setExtraHTTPHeaders({ "X-Left-Behind": "1" });
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/healthz");
    expect(heard).toHaveLength(1);
  });

  test("the next test starts on about:blank with none of it, and may close its page", async ({ page }) => {
    expect(page.url()).toBe("about:blank");
    expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
    const sent = page.waitForRequest((r) => r.url().endsWith("/healthz"));
    await page.goto("/healthz");
    expect((await sent).headers()["x-left-behind"]).toBeUndefined();
    expect(heard, "the first test's listener is gone").toHaveLength(1);
    await page.close();
  });

  test("after a closed page the next test still gets an open one", async ({ page }) => {
    expect(page.isClosed()).toBe(false);
    const res = await page.goto("/healthz");
    expect(res?.status()).toBe(200);
  });
});
