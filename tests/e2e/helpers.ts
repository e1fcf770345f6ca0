import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { generateTOTP } from "@epic-web/totp";
import ExcelJS from "exceljs";
import { expect, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "Demo1234!";

/**
 * The demo administrators' second factor (ADR 0068; app/utils/second-factor.server.ts
 * DEMO_TOTP_SECRET, published in the README as the demo password is): the e2e server runs with
 * DEMO_DATA, so `admin` and `admin02` give a code after their password, as every administrator must.
 */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DP";
const DEMO_FACTOR_ACCOUNTS = new Set(["admin", "admin02"]);

/** The code an authenticator app shows now for `secret` (the demo administrators' by default). */
export async function totpCode(secret = DEMO_TOTP_SECRET): Promise<string> {
  return (await generateTOTP({ secret, period: 30 })).otp;
}

/**
 * The code of `secret` for the 30-second step `steps` away from now (RFC 6238 over RFC 4226, as the
 * app computes it): the server takes one step either side, each step once, so a test that enrols
 * with the step before now can sign in with now and again with the step after.
 */
export function totpAt(secret: string, steps: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of secret.replace(/\s|=/g, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac("sha1", Buffer.from(bytes)).update(counter).digest();
  const o = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * The code of the step before now, for an enrolment (so that the test can sign in with now's code
 * later). The server takes one step either side of its own now: a code of the step before, typed
 * just before a step ends, is two steps old when a loaded machine posts it a few seconds later, and
 * is refused (first-admin failed so once in CI). So when less than 10 s of the step are left, this
 * waits for the next step first.
 */
export async function totpOfStepBefore(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
  return totpAt(secret, -1);
}

/** The secret of `userId`'s second factor, when the suite knows it: the demo administrators', or the one a test enrolled. */
const secretOf = (userId: string, secret?: string) => secret ?? (DEMO_FACTOR_ACCOUNTS.has(userId.toLowerCase()) ? DEMO_TOTP_SECRET : undefined);

/**
 * Signs in by posting the sign-in form (no page rendered), and the second step's code when the
 * password leads there and the account's secret is known: with the sign-in page's CSRF token,
 * which the step keeps, so the code costs one more post and no page. Answers the last response
 * (a 302 to /dashboard, or wherever the sign-in went).
 */
export async function postSignIn(request: APIRequestContext, origin: string, userId: string, password: string, opts: { secret?: string; redirectTo?: string } = {}) {
  const html = await (await request.get("/")).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const form: Record<string, string> = { intent: "login", userId, userPass: password, _csrf: csrf };
  if (opts.redirectTo) form.redirectTo = opts.redirectTo;
  const res = await request.post("/?index", { form, headers: { Origin: origin }, maxRedirects: 0 });
  const secret = secretOf(userId, opts.secret);
  if (res.status() !== 302 || !secret || new URL(res.headers().location ?? "/", origin).pathname !== "/sign-in/otp") return res;
  return request.post("/sign-in/otp", { form: { intent: "totp", code: await totpCode(secret), _csrf: csrf }, headers: { Origin: origin }, maxRedirects: 0 });
}

/** Waits until a server a spec starts itself (at `base`) answers /readyz: 150 seconds at the most. */
export async function untilReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const r = await fetch(`${base}/readyz`).catch(() => null);
    if (r?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("never ready");
}

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * One project for a test whose subject does not change with the page's scripts (ADR 0085). Every
 * form's walk runs with JavaScript on and off; a test of the server's own work (a refusal's
 * message after a post with the values kept, a file, a refused request, a report's numbers, the
 * evaluation mode's columns) runs without JavaScript only, where nothing but the server answers;
 * a test of what only scripts do (a script that must not run, a chart or a tab drawn in the
 * browser) runs with JavaScript only.
 */
export function onlyWithoutJavaScript(testInfo: TestInfo) {
  testInfo.skip(jsEnabled(testInfo), "the server's own work: once, without JavaScript (ADR 0085)");
}
export function onlyWithJavaScript(testInfo: TestInfo) {
  testInfo.skip(!jsEnabled(testInfo), "what the page's scripts do: once, with JavaScript (ADR 0085)");
}

/**
 * A screen's form walked long one way and short the other (ADR 0087). The long walk (every
 * message with the values kept, lookups, rows added and removed, edit, delete, axe on each state)
 * runs in one project, chosen per screen so that the kit is walked long both ways over the
 * screens; the short walk of the same form (open, fill, save, the saved value after a reload, an
 * edit, delete) runs in the other, so that every form still saves with JavaScript on and off.
 */
export type Mode = "js" | "no-js";
const modeName = (mode: Mode) => (mode === "js" ? "with" : "without");
export function longWalkIn(testInfo: TestInfo, mode: Mode) {
  testInfo.skip(jsEnabled(testInfo) !== (mode === "js"), `the long walk runs ${modeName(mode)} JavaScript; this project walks the form's short walk (ADR 0087)`);
}
export function shortWalkIn(testInfo: TestInfo, mode: Mode) {
  testInfo.skip(jsEnabled(testInfo) !== (mode === "js"), `the short walk runs ${modeName(mode)} JavaScript; this project walks the form's long walk (ADR 0087)`);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** The part of axe-core's API the check uses (it runs in the page, where axe is a global). */
type AxeApi = {
  run(context: Document, options: object): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
};

/**
 * Zero axe-core violations (WCAG 2 A and AA) on the page as it is now. axe runs as a script, so
 * for a page without JavaScript it checks a copy of the same DOM (scripts removed) in a
 * JavaScript-enabled page of the same origin.
 */
/** One JavaScript-enabled page per browser and origin, reused by every check of a page without JavaScript. */
const scratchPages = new WeakMap<Browser, Map<string, Promise<Page>>>();

function scratchPage(browser: Browser, origin: string): Promise<Page> {
  const byOrigin = scratchPages.get(browser) ?? new Map<string, Promise<Page>>();
  scratchPages.set(browser, byOrigin);
  let found = byOrigin.get(origin);
  if (!found) {
    found = (async () => {
      const ctx = await browser.newContext({ javaScriptEnabled: true, baseURL: origin });
      const p = await ctx.newPage();
      await p.goto("/healthz");
      return p;
    })();
    byOrigin.set(origin, found);
  }
  return found;
}

export async function expectNoAxeViolations(page: Page) {
  let target = page;
  const scriptsRun = await page.locator("html[data-hydrated]").count();
  if (!scriptsRun) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    target = await scratchPage(browser, new URL(page.url()).origin);
    await target.setContent(html, { waitUntil: "load" });
  }
  // a Modal fading in has text at partial opacity: check what the user sees once it has settled
  await target.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, { timeout: 5_000 }).catch(() => undefined);
  // axe-core itself, injected once per document, asked for violations only: @axe-core/playwright
  // injected it again for every check, opened a blank page to merge frame results and brought back
  // every passing node too (the pages have no iframes); that was about half of each check's time
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(AXE_SOURCE);
  const summary = await target.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: AxeApi };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, AXE_TAGS);
  expect(summary, "axe violations").toEqual([]);
}

/** Waits until the page's scripts have hydrated (no-op without JavaScript). */
export async function ready(page: Page, testInfo: TestInfo) {
  await page.waitForLoadState("load");
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Signs in. By default the sign-in form is posted without rendering it (the context gets the session
 * cookie, the page stays where it was and the test goes where it wants next): the sign-in page and
 * the dashboard a test never looks at cost a few seconds of each test. `ui` (and a password other
 * than the demo one, `keep`, or a refused post) types into the form instead and waits for the page
 * it leads to or its message.
 */
export async function signIn(page: Page, testInfo: TestInfo, userId: string, password = DEMO_PASSWORD, opts: { keep?: boolean; ui?: boolean; secret?: string } = {}) {
  if (!opts.ui && !opts.keep && password === DEMO_PASSWORD) {
    const origin = String(testInfo.project.use.baseURL);
    const res = await postSignIn(page.request, origin, userId, password, opts);
    if (res.status() === 302 && new URL(res.headers().location ?? "/", origin).pathname === "/dashboard") return;
  }
  await page.goto("/");
  await ready(page, testInfo);
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  if (opts.keep) await page.getByLabel("로그인 상태 유지").check();
  await page.getByRole("button", { name: "로그인" }).click();
  // the sign-in is over when the page has left the form or shows its message
  await Promise.race([
    page.waitForURL((u) => u.pathname !== "/", { waitUntil: "load" }),
    page.getByTestId("alert-region").filter({ hasText: /\S/ }).first().waitFor(),
  ]);
  // the second step (ADR 0068), when the account's secret is known
  const secret = secretOf(userId, opts.secret);
  if (secret && new URL(page.url()).pathname === "/sign-in/otp") {
    await ready(page, testInfo);
    await page.locator("form#otp").getByLabel("인증 코드").fill(await totpCode(secret));
    await page.locator("form#otp").getByRole("button", { name: "확인" }).click();
    await page.waitForURL((u) => u.pathname !== "/sign-in/otp", { waitUntil: "load" });
  }
}

/** A fresh id for accounts a test creates. */
export const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A form control by its visible label, with or without the required-field asterisk. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/**
 * A rich-text field (RichTextField): the HTML text area without JavaScript, and with it until the
 * user starts on the field; then the tiptap editor.
 */
export const richText = (page: Page, label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}`) });

/** The HTML a rich-text field posts: the text area's value, or (the editor open) its hidden input. */
export const postedRichText = (page: Page, name: string) =>
  page.locator(`textarea[name="${name}"], input[type="hidden"][name="${name}"]`);

/**
 * With JavaScript, opens a rich-text field's editor as a user does, by a press in its text area
 * (ADR 0045), or puts the focus in the editor already open.
 */
export async function openRichText(page: Page, label: string) {
  const box = richText(page, label);
  await box.click();
  await expect(box).toHaveAttribute("contenteditable", "true");
  await expect(box).toBeFocused();
}

/** Puts HTML in a rich-text field: typed into the text area, or pasted into the editor (as a user pastes). */
export async function setRichText(page: Page, testInfo: TestInfo, label: string, html: string) {
  const box = richText(page, label);
  if (!jsEnabled(testInfo)) return box.fill(html);
  await openRichText(page, label);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  if (!html) return;
  await box.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData("text/html", text);
    data.setData("text/plain", text.replace(/<[^>]*>/g, ""));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** The password `applyForAccount`'s applicants choose. */
export const JOIN_PASSWORD = "Join-pass9";

/** A join request through the public sign-up form (the flow a new user takes). */
export async function applyForAccount(request: APIRequestContext, baseURL: string, userId: string, userNm = "김민수", authTy = "1") {
  // each applicant from an address of their own (the server trusts loopback proxies' X-Forwarded-For):
  // the sign-up limit is 10 an address in an hour (ADR 0023), and the suite applies more often than that
  const from = { "X-Forwarded-For": `198.51.100.${1 + Math.floor(Math.random() * 250)}, 203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const html = await (await request.get("/?dialog=signup", { headers: from })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const res = await request.post("/?index&dialog=signup", {
    form: {
      intent: "signup",
      _csrf: csrf,
      userId,
      idCheckedFor: userId,
      userNm,
      dptCd: "0000300001",
      telNo1: "010",
      telNo2: "2345",
      telNo3: "6789",
      email: "minsu.kim",
      emailCd: "0000400001",
      authTy,
      userPass: JOIN_PASSWORD,
      userPassChk: JOIN_PASSWORD,
    },
    headers: { Origin: baseURL, ...from },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBeLessThan(400);
}

/**
 * The menu pages and the screens they link, as the signed-in user's side menu reaches them: each
 * menu page links the screens under it (and the menus under it). Paths without their query.
 */
export async function menuPages(page: Page): Promise<{ menus: string[]; screens: string[] }> {
  await page.goto("/dashboard");
  const menu = await page.locator("#side-menu a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const screens: string[] = [];
  const menus = menu.filter((h) => h.startsWith("/menu/"));
  for (let i = 0; i < menus.length; i++) {
    const html = await (await page.request.get(menus[i])).text();
    const main = html.slice(html.indexOf("<main"));
    for (const [, href] of main.matchAll(/href="(\/[^"?#]*)[^"]*"/g)) {
      if (href.startsWith("/menu/")) {
        if (!menus.includes(href)) menus.push(href);
      } else if (!href.startsWith("/build/")) screens.push(href);
    }
  }
  return { menus, screens: [...new Set(screens)] };
}

/**
 * A list screen of the list kit as it first shows (its heading, the table's column headers, a first
 * row), then its '등록' link opening the add dialog with the list's year filled in: axe on both.
 */
export async function opensListThenAddDialog(
  page: Page,
  testInfo: TestInfo,
  o: { heading: string; list: string; row: string; columns: string[]; dialog: string; yearField: string; year: number },
) {
  await expect(page.getByRole("heading", { level: 1, name: o.heading })).toBeVisible();
  await expect(page.getByTestId(o.list).getByRole("columnheader")).toHaveText(o.columns);
  await expect(page.getByTestId(o.row).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "등록", exact: true }).click();
  await expect(page.getByRole("heading", { name: o.dialog })).toBeVisible();
  await ready(page, testInfo);
  await expect(page.locator(o.yearField)).toHaveValue(String(o.year));
  await expectNoAxeViolations(page);
}

/**
 * A row's delete as the list kit asks it: its '삭제' link opens the confirmation ('정말 삭제하시겠습니까?',
 * axe on it), whose button deletes and the list says '삭제하였습니다.'.
 */
export async function deletesAfterConfirm(page: Page, testInfo: TestInfo, deleteLink: Locator) {
  await deleteLink.click();
  await expect(page).toHaveURL(/dialog=delete/);
  await ready(page, testInfo);
  await expect(page.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "삭제하였습니다." }).first()).toBeVisible();
}

/**
 * A list screen of the list kit in evaluation mode (`{path}{evaluation}/{year}`, evaluation
 * `/{eiSeq}/{menuSeq}`): the server's columns over some rows; no '등록', edit or delete link and no
 * file to upload; the Excel download offered (axe on the page); a delete posted with the page's
 * own token refused (405, `keyName` the record's key); and the download's header row the same columns.
 */
export async function evaluationModeIsReadOnly(page: Page, testInfo: TestInfo, o: { path: string; evaluation: string; year: number; columns: string[]; keyName: string }) {
  const url = `${o.path}${o.evaluation}/${o.year}`;
  await page.goto(url);
  await ready(page, testInfo);
  const table = page.getByTestId("eval-table");
  await expect(table.getByRole("columnheader")).toHaveText(o.columns);
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("link", { name: "등록", exact: true })).toHaveCount(0);
  for (const name of [/^삭제/, /^수정/]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "엑셀 다운로드" })).toBeVisible();
  await expectNoAxeViolations(page);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const refused = await page.request.post(url, { form: { _csrf: csrf, intent: "delete", [o.keyName]: "1", confirm: "delete" } });
  expect(refused.status()).toBe(405);
  const [, eiSeq, menuSeq] = o.evaluation.split("/");
  const xlsx = await page.request.get(`${o.path}/excel?type=download&year=${o.year}&eiSeq=${eiSeq}&menuSeq=${menuSeq}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await xlsx.body()) as never);
  expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(o.columns);
}

/** A small valid PDF whose body says `text` (an attachment's content). */
export function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** A file a test puts into a dialog's file input. */
export type Upload = { name: string; buffer: Buffer; mimeType?: string };

/**
 * A dialog's attachment refused three ways, each save answering the spec's message: a type not
 * allowed (an .exe), a .pdf that is not a PDF (only the server can tell) and a PDF over 10 MB.
 * `choose` puts the file into the dialog, `save` posts it, and `kept` checks after each refusal
 * that nothing typed is lost.
 */
export async function refusesBadAttachments(page: Page, o: { choose: (file: Upload) => Promise<unknown>; save: () => Promise<unknown>; kept: () => Promise<unknown> }) {
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
  pdf("big").copy(big);
  const refusals: [Upload, string][] = [
    [{ name: "실행파일.exe", buffer: Buffer.from("MZ...."), mimeType: "application/octet-stream" }, "등록 가능한 파일이 아닙니다."],
    [{ name: "가짜.pdf", buffer: Buffer.from("this is not a pdf") }, "등록 가능한 파일이 아닙니다."],
    [{ name: "큰파일.pdf", buffer: big }, "파일당 최대 10MB까지 등록가능합니다."],
  ];
  for (const [file, message] of refusals) {
    await o.choose(file);
    await o.save();
    await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
    await o.kept();
  }
}
