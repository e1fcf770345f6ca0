/**
 * A link send as a job (issue 18 "Long work", ADR 0030), in the browser. A server of its own,
 * with a fake mail server in this process (SMTP_URL), so that the mails take time or stall:
 * - JavaScript on: the send goes to the job's page, whose progress bar (role="progressbar") and
 *   live message move without a reload until '발송(재발송) 처리되었습니다.'; each recipient
 *   got one mail;
 * - JavaScript off, the mail server stalling: the job page reloads itself (Refresh) until the
 *   job ends with the recipient failed and OWN_MSG.jobSomeFailed; '다시 보내기' with the server
 *   back mails that recipient once and ends on the spec's message.
 * axe-clean on both pages. Once (the js project): it makes its own JavaScript-on and -off contexts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { expect, test, type Browser, type BrowserContext, type Page } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, postSignIn, uniqueId, untilReady } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const base = `http://127.0.0.1:${PORT}`;

/** The fake mail server: 'accept' takes a mail after `delayMs`; 'stall' never greets. */
const smtp = { mode: "accept" as "accept" | "stall", delayMs: 0, received: [] as string[] };

async function startSmtp(): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    onConnect(_s, callback) {
      if (smtp.mode !== "stall") callback();
    },
    onData(stream, session, done) {
      stream.on("data", () => undefined);
      stream.on("end", () =>
        setTimeout(() => {
          smtp.received.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        }, smtp.delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

function startServer(dataDir: string, smtpPort: number): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_DATA: "1",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LEGACY_API_URL: "",
      DATABASE_URL: "",
      SESSION_SECRET: "jobs-secret-0123456789abcdefghijklmnop",
      DEMO_PASSWORD,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      SMTP_TIMEOUT_MS: "4000",
    },
    stdio: "ignore",
  });
}

/** A signed-in context on this spec's server. */
async function signedIn(browser: Browser, javaScriptEnabled: boolean): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ javaScriptEnabled, baseURL: base, locale: "ko-KR", timezoneId: "Asia/Seoul" });
  const page = await ctx.newPage();
  // the password and the demo administrator's second factor (helpers.ts postSignIn)
  const res = await postSignIn(page.request, base, "admin", DEMO_PASSWORD);
  expect(res.status()).toBe(302);
  return { ctx, page };
}

/** A survey posted through the editor's form (one free-text question). */
async function createSurvey(page: Page, name: string): Promise<number> {
  await page.goto("/survey/registration");
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const f: [string, string][] = [
    ["_csrf", csrf], ["intent", "save"], ["srName", name], ["srContent", "의견을 들려주세요."], ["usyn", "Y"], ["dtYn", "N"], ["prsnInfoYn", "N"],
    ["qestList[0].sqType", "2"], ["qestList[0].esntlYn", "Y"], ["qestList[0].sqSubj", "자유 의견"],
  ];
  const res = await page.request.post("/survey/registration", { data: new URLSearchParams(f).toString(), headers: { "content-type": "application/x-www-form-urlencoded", Origin: base }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
  const href = await page.getByTestId("survey-list").getByRole("link", { name: /^수정/ }).first().getAttribute("href");
  return Number(href!.match(/seq=(\d+)/)![1]);
}

/** axe on a page that reloads itself: a check that meets a reload is made again on the new page. */
async function axeBetweenRefreshes(page: Page) {
  for (let attempt = 0; ; attempt++) {
    await page.waitForLoadState("load");
    try {
      return await expectNoAxeViolations(page);
    } catch (e) {
      if (attempt >= 4 || !/navigating|Execution context was destroyed/.test(String(e))) throw e;
    }
  }
}

const alertText = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

test("a send's job: live progress with JavaScript, a self-refreshing result page without it, a retry after a stalled mail server", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "its own server and contexts (JavaScript on and off): once");
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "medu-jobs-e2e-"));
  const mail = await startSmtp();
  const server = startServer(dataDir, (mail.server.address() as { port: number }).port);
  const opened: BrowserContext[] = [];
  try {
    await untilReady(base);

    // --- JavaScript on: three recipients, a slow mail server ---
    const on = await signedIn(browser, true);
    opened.push(on.ctx);
    const page = on.page;
    const seq = await createSurvey(page, `e2e 작업 ${uniqueId("j")}`);
    await page.goto(`/survey/send/list/${seq}?dialog=add`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    for (let i = 0; i < 3; i++) await page.getByTestId("add-table").locator("tbody tr").nth(i).getByRole("checkbox").check();
    await page.getByRole("button", { name: "선택 추가" }).click();
    await expect(alertText(page, MSG.added)).toBeVisible();

    smtp.mode = "accept";
    smtp.delayMs = 800;
    const before = smtp.received.length;
    await page.getByLabel("발송 대상 전체 선택").check();
    await page.getByRole("button", { name: "선택 발송" }).click();
    await page.waitForURL(new RegExp(`/survey/send/list/${seq}/job/\\d+$`));
    await expect(page.getByRole("heading", { level: 1, name: "설문 발송 진행 상황" })).toBeVisible();
    const bar = page.getByRole("progressbar", { name: "발송 진행률" });
    await expect(bar).toHaveAttribute("aria-valuemax", "3");
    // running: the message counts, the page is marked to show that it is never reloaded
    await expect(page.getByTestId("job-message")).toHaveText(/^메일을 보내는 중입니다\. \([0-2]\/3명\)$/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await expectNoAxeViolations(page);
    await expect(page.getByTestId("job-message")).toHaveText(MSG.sent, { timeout: 20_000 });
    await expect(bar).toHaveAttribute("aria-valuenow", "3");
    await expect(page.getByTestId("job-counts")).toHaveText("전체 3명 · 완료 3명 · 실패 0명");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectNoAxeViolations(page);
    // one mail each to those with an address (the others' links are kept in the outbox)
    const mine = smtp.received.slice(before);
    const mailed = mine.length;
    expect(mailed).toBeGreaterThan(0);
    expect(new Set(mine).size).toBe(mailed);
    // the send page counts one send each
    await page.getByRole("link", { name: "발송 목록으로" }).click();
    await expect(page.getByTestId("send-table-Y").locator("tbody tr")).toHaveCount(3);
    await expect(page.getByTestId("send-table-Y")).not.toContainText("(2회)");

    // --- JavaScript off: the mail server stalls; resend to the group ---
    const off = await signedIn(browser, false);
    opened.push(off.ctx);
    const p = off.page;
    smtp.mode = "stall";
    smtp.delayMs = 0;
    await p.goto(`/survey/send/list/${seq}`);
    await p.getByLabel("발송 완료 전체 선택").check();
    const sentAt = Date.now();
    await p.getByRole("button", { name: "선택 재발송" }).click();
    await p.waitForURL(new RegExp(`/survey/send/list/${seq}/job/\\d+$`));
    // answered at once, the mail server's stall is the job's
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    const jobUrl = p.url();
    expect(await p.locator("html[data-hydrated]").count()).toBe(0);
    await expect(p.getByTestId("job-message")).toHaveText(`메일을 보내는 중입니다. (${3 - mailed}/3명)`);
    await axeBetweenRefreshes(p);
    // the page reloads itself until the job ends (the test never reloads it)
    await expect(p.getByTestId("job-message")).toHaveText(OWN_MSG.jobSomeFailed.replace("{failed}", String(mailed)), { timeout: 20_000 });
    await expect(p.getByTestId("job-counts")).toHaveText(`전체 3명 · 완료 ${3 - mailed}명 · 실패 ${mailed}명`);
    await expect(p.getByTestId("job-failed")).toContainText("***@");
    await expect(p.getByTestId("job-failed")).toContainText("timeout");
    await expectNoAxeViolations(p);

    smtp.mode = "accept";
    const beforeRetry = smtp.received.length;
    await p.getByRole("button", { name: "다시 보내기" }).click();
    expect(p.url()).toBe(jobUrl);
    await expect(alertText(p, OWN_MSG.jobRetried)).toBeVisible();
    await expect(p.getByTestId("job-message")).toHaveText(MSG.sent, { timeout: 20_000 });
    await expect(p.getByTestId("job-counts")).toHaveText("전체 3명 · 완료 3명 · 실패 0명");
    // the failed ones once each; the kept ones (no address) are not mailed
    expect(smtp.received.slice(beforeRetry).sort()).toEqual([...mine].sort());
    await expectNoAxeViolations(p);
  } finally {
    for (const c of opened) await c.close().catch(() => undefined);
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await new Promise<void>((resolve) => mail.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
