/**
 * Issue 36 item 11, the reflow at 320 px wide (WCAG 1.4.10): no screen scrolls sideways but inside
 * a data table's own box; and a short window, where the header and footer scroll with the page.
 * ADR 0060. Layout is Blink's, the same in the headless shell as in the full browser (ADR 0070), and
 * a page's scripts may change it: JavaScript on and off.
 */
import { expect, test } from "./fixtures";
import { menuPages, signIn } from "./helpers";

const PARTS = 6;

for (let part = 0; part < PARTS; part++) {
  test(`reflow at 320 px, part ${part + 1} of ${PARTS}: no screen scrolls sideways but inside a data table's own box`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, testInfo, "admin");
    const { menus, screens } = await menuPages(page);
    await page.setViewportSize({ width: 320, height: 256 });
    const wide: string[] = [];
    for (const path of ["/dashboard", ...menus, ...screens].filter((_, i) => i % PARTS === part)) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 321) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
}

test("reflow at 320 px: the space page's tabs keep Korean words whole, the upload button is in the window", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto("/insert/resource/space");
  const tabs = page.getByTestId("space-tabs").getByRole("link");
  expect(await tabs.count()).toBeGreaterThan(3);
  for (const tab of await tabs.all()) {
    expect(await tab.evaluate((el) => getComputedStyle(el).wordBreak)).toBe("keep-all");
    const b = (await tab.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(320);
  }
  const upload = page.getByRole("button", { name: "업로드" });
  const box = (await upload.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
});

test("a short window: the header and footer scroll with the page instead of covering it", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.setViewportSize({ width: 640, height: 180 });
  await page.goto("/insert/eval/patient-safety");
  const fixed = await page.evaluate(() =>
    Array.from(document.querySelectorAll("header, footer"))
      .filter((el) => getComputedStyle(el).position === "fixed")
      .reduce((sum, el) => sum + el.getBoundingClientRect().height, 0),
  );
  expect(fixed).toBe(0);
  // scrolled down, the page's content has the whole window
  await page.evaluate(() => window.scrollTo(0, 400));
  const covered = await page.evaluate(() => document.elementFromPoint(320, 10)?.closest("header, footer") !== null);
  expect(covered).toBe(false);
});
