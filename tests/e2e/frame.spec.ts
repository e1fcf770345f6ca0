/** P02, P05, P19 and the frame: guard, side menu, folding, common menu page, dashboard. JS on and off. */
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, jsEnabled, menuPages, onlyWithoutJavaScript, ready, signIn } from "./helpers";

test("the route guard sends a path outside the menu list to the dashboard with its message", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "entry01", DEMO_PASSWORD, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  // menu 70 (evaluation and monitoring) belongs to authority 2 only
  await page.goto("/menu/70");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("alert").filter({ hasText: "해당 메뉴는 접근할 수 없습니다." })).toBeVisible();
  // its own menus open
  await page.goto("/menu/10");
  await expect(page.getByRole("heading", { level: 1, name: "학생" })).toBeVisible();
});

test("the guard also refuses data requests and works before sign-in", async ({ page, request }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  const anonymous = await request.get("/menu/10", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toBe("/?redirectTo=%2Fmenu%2F10");
  await signIn(page, testInfo, "committee01", DEMO_PASSWORD, { ui: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  const data = await page.request.get("/menu/10?_data=routes%2F_app.menu.%24menuSeq", { maxRedirects: 0 });
  expect([204, 302]).toContain(data.status());
  expect(data.headers()["x-remix-redirect"] ?? data.headers()["location"]).toBe("/dashboard");
});

test("an unknown path is 404 with a way back to the dashboard when signed in", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "entry01");
  const res = await page.goto("/insert/nothing-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found!" })).toBeVisible();
  await page.getByRole("link", { name: "대시보드로 이동" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("dashboard: the entry group only for authority 1, messages panel, manual", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "committee01", DEMO_PASSWORD, { ui: true });
  await expect(page.getByRole("heading", { name: "평가 자료" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "자료 입력" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /교육평가 및 모니터링/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const manual = await page.request.get("/dashboard/manual");
  expect(manual.status()).toBe(200);
  expect(manual.headers()["content-type"]).toContain("application/pdf");
  expect(manual.headers()["content-disposition"]).toContain("filename*=UTF-8''");
  expect((await manual.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.context().clearCookies();
  await signIn(page, testInfo, "entry01", DEMO_PASSWORD, { ui: true });
  await expect(page.getByRole("heading", { name: "자료 입력" })).toBeVisible();
  await expect(page.getByRole("link", { name: /학생/ }).first()).toBeVisible();
});

test("side menu: groups toggle, the current page is marked, level-3 items of the current group", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, testInfo, "admin");
  await page.goto("/menu/10");
  await ready(page, testInfo);
  const nav = page.getByRole("navigation", { name: "주 메뉴" });
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveText("학생");
  await expect(nav.getByRole("link", { name: "봉사활동" })).toBeVisible();
  const evalGroup = nav.locator("details", { has: page.locator("summary", { hasText: "평가" }) }).first();
  await expect(evalGroup).not.toHaveAttribute("open", "");
  // a group is read by its name, not with the ▾ drawn after it
  expect(await evalGroup.locator("summary").evaluate((s) => getComputedStyle(s, "::after").content)).toBe('"▾" / ""');
  await evalGroup.locator("summary").click();
  await expect(evalGroup.getByRole("link", { name: "교육평가 및 모니터링" })).toBeVisible();
  await evalGroup.locator("summary").click();
  await expect(evalGroup.getByRole("link", { name: "교육평가 및 모니터링" })).toBeHidden();
  await expectNoAxeViolations(page);

  // a menu item goes to its page; with JavaScript, in the page (the window's state kept), after
  // its page's data was fetched ahead when the pointer came over it
  if (jsEnabled(testInfo)) {
    await page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
    await nav.getByRole("link", { name: "봉사활동" }).hover();
    await expect(page.locator('link[rel="prefetch"][href*="/insert/student/volunteer"]').first()).toBeAttached();
  }
  await nav.getByRole("link", { name: "봉사활동" }).click();
  await expect(page).toHaveURL(/\/insert\/student\/volunteer/);
  await ready(page, testInfo);
  await expect(nav.locator('[aria-current="page"]')).toHaveText("봉사활동");
  if (jsEnabled(testInfo)) expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test("below 1200 px the side menu folds and opens again", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, testInfo, "admin");
  await page.goto("/menu/10");
  await ready(page, testInfo);
  const nav = page.getByRole("navigation", { name: "주 메뉴" });
  await expect(nav.getByRole("link", { name: "대시보드" })).not.toBeInViewport();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "메뉴 열기" }).click();
  await expect(nav.getByRole("link", { name: "대시보드" })).toBeInViewport();
  if (!jsEnabled(testInfo)) await expect(page).toHaveURL(/nav=open/);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "메뉴 닫기" }).click();
  await expect(nav.getByRole("link", { name: "대시보드" })).not.toBeInViewport();
});

test("common menu page: cards and list, search, reset, not-ready items, department dialog", async ({ page }, testInfo) => {
  await signIn(page, testInfo, "admin");
  await page.goto("/menu/10");
  await ready(page, testInfo);
  await expect(page.getByTestId("menu-cards").getByRole("link")).toHaveCount(5);
  await expectNoAxeViolations(page);

  // list view, kept in the URL
  if (jsEnabled(testInfo)) await page.getByText("목록형").click();
  else await page.getByRole("link", { name: "목록형" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("menu-list").getByRole("row")).toHaveCount(6);
  await expectNoAxeViolations(page);

  // search keeps the view
  await page.getByLabel("검색어").fill("봉사");
  await page.getByRole("button", { name: "검색" }).click();
  await expect(page).toHaveURL(/searchText=%EB%B4%89%EC%82%AC/);
  await expect(page.getByTestId("menu-list").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("main").getByRole("link", { name: "봉사활동" })).toBeVisible();
  await page.getByLabel("검색어").fill("없는메뉴");
  await page.getByRole("button", { name: "검색" }).click();
  await expect(page.getByText("검색 결과가 없습니다.")).toBeVisible();
  await page.getByRole("link", { name: "초기화" }).click();
  await expect(page.getByLabel("검색어")).toHaveValue("");
  await expect(page.getByTestId("menu-list").getByRole("row")).toHaveCount(6);

  // an item without a url, and menu 90
  await page.goto("/menu/85");
  await page.getByRole("link", { name: /교육병원 시설 현황/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "준비중인 메뉴입니다." })).toBeVisible();
  await page.goto("/menu/90");
  await expect(page.getByRole("alert").filter({ hasText: "준비중입니다." })).toBeVisible();

  // find data by department, default 0000900002
  await page.goto("/menu/10");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "부서별 자료 찾기" }).click();
  await expect(page.getByRole("heading", { name: "부서별 자료 찾기" })).toBeVisible();
  await expect(page.getByLabel("담당 부서")).toHaveValue("0000900002");
  await expect(page.getByTestId("dept-menus").getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("Hangul is drawn with a Korean font, so every layout test measures the glyphs users see", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  // scripts/test.sh installs Debian's fonts-noto-cjk when no Korean font is present: without it the
  // browser draws boxes, and a table that overflows only with real glyphs passed unseen (issue 36)
  await page.goto("/");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/[가-힣]/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  expect(fonts.map((f) => f.familyName).join(", ")).toMatch(/CJK|KR|Nanum|Malgun|Gothic|Un /);
});

test("every page the menus reach has a title of its own (WCAG 2.4.2)", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the same HTML with JavaScript off");
  await signIn(page, testInfo, "admin");
  const { menus, screens } = await menuPages(page);
  const byTitle = new Map<string, string[]>();
  for (const path of [...new Set(["/dashboard", ...menus, ...screens])]) {
    const res = await page.request.get(path);
    if (res.status() === 404) continue; // a menu entry whose screen is not built
    const title = (await res.text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
  }
  expect(byTitle.size).toBeGreaterThan(30);
  const shared = [...byTitle].filter(([, paths]) => paths.length > 1).map(([title, paths]) => `${title}: ${paths.join(", ")}`);
  expect(shared).toEqual([]);
});

test("a control's edge stands out 3:1 from what is around it (WCAG 1.4.11)", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  /** the lowest contrast between each visible control's border colour and its parent's background */
  const weakest = (selector: string) =>
    page.locator(selector).evaluateAll((els) => {
      const lum = (c: string) => {
        const [r, g, b] = (c.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const background = (el: Element | null): string => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (bg && !/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
        }
        return "rgb(255, 255, 255)";
      };
      const shown = els.filter((el) => (el as HTMLElement).offsetParent !== null);
      const ratios = shown.map((el) => {
        const a = lum(getComputedStyle(el).borderTopColor);
        const b = lum(background(el.parentElement));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
      return { count: shown.length, min: Math.min(...ratios) };
    });
  await page.goto("/insert/student/add");
  await ready(page, testInfo);
  for (const selector of [".mantine-TextInput-input:not([readonly])", ".mantine-NativeSelect-input"]) {
    const { count, min } = await weakest(selector);
    expect(count, selector).toBeGreaterThan(0);
    expect(min, selector).toBeGreaterThanOrEqual(3);
  }
  await page.goto("/insert/eval/patient-safety");
  await ready(page, testInfo);
  const { count, min } = await weakest("input[type=checkbox]:not(:checked), input[type=search], input.mantine-Input-input");
  expect(count).toBeGreaterThan(0);
  expect(min).toBeGreaterThanOrEqual(3);
});
