/**
 * A production start without demo data (issue 17, ADR 0024): the server started as the Docker
 * image starts it (NODE_ENV=production, no DEMO_DATA) on an empty database has no demo accounts;
 * it prints the first administrator's generated password once, and that administrator must change
 * it before any other page opens, after enrolling the second factor every administrator must have
 * (ADR 0068). A second start prints no password. Once, without JavaScript (ADR 0085): its subject
 * is the server's start; the forms it walks are the change-password and second-factor forms, whose
 * own specs run them with JavaScript on and off.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO_PASSWORD, expectNoAxeViolations, field, ready, totpAt, totpOfStepBefore } from "./helpers";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server's own work: once, without JavaScript (ADR 0085)");

const NEW_PASSWORD = "Founder2026!ad";

interface Started {
  proc: ChildProcess;
  output: () => string;
}

/** Starts server.js as production does, and waits for its health check. */
async function startServer(port: number, dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "::",
    DATA_DIR: dataDir,
    SESSION_SECRET: "first-admin-secret-0123456789abcdefghij",
    LEGACY_API_URL: "",
    DATABASE_URL: "",
  };
  delete env.DEMO_DATA;
  delete env.DEMO_PASSWORD;
  delete env.INITIAL_ADMIN_PASSWORD;
  let out = "";
  const proc = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  proc.stderr!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok && out.includes("의과대학 교육평가 자료관리:")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { proc, output: () => out };
}

async function stopServer(s: Started | undefined) {
  if (!s || s.proc.exitCode !== null) return;
  const exited = new Promise((r) => s.proc.once("exit", r));
  s.proc.kill("SIGTERM");
  await exited;
}

let server: Started | undefined;
let dataDir = "";
let port = 0;
let base = "";
let generated = "";
let secret = "";

test.beforeAll(async () => {
  test.setTimeout(200_000);
  port = Number(process.env.E2E_PORT ?? 3100) + 12;
  base = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-first-admin-"));
  server = await startServer(port, dataDir);
  generated = /first administrator: admin, password (\S+) \(shown this once/.exec(server.output())?.[1] ?? "";
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signInAt(page: Page, testInfo: TestInfo, userId: string, password: string) {
  await page.goto(`${base}/`);
  await ready(page, testInfo);
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
  await Promise.race([
    page.waitForURL((u) => u.pathname !== "/", { waitUntil: "load" }),
    page.getByTestId("alert-region").filter({ hasText: /\S/ }).first().waitFor(),
  ]);
}

test("the first start prints a generated administrator password and no demo accounts", async () => {
  const out = server!.output();
  expect(generated).toMatch(/^[A-Za-z0-9_-]{20}$/);
  expect(out).toContain("demo data: off");
  expect(out).not.toContain("demo accounts");
  expect(out).not.toContain(DEMO_PASSWORD);
});

test("the demo accounts do not exist; the administrator must change the password first", async ({ page }, testInfo) => {
  // seven sign-ins and changes, each hashing at scrypt's full cost (ADR 0024)
  test.setTimeout(180_000);
  await signInAt(page, testInfo, "entry01", DEMO_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  await signInAt(page, testInfo, "admin", DEMO_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();

  await signInAt(page, testInfo, "admin", generated);
  // an administrator must have a second factor (ADR 0068): enrolled right after the password,
  // before anything else opens
  await expect(page).toHaveURL(`${base}/sign-in/otp`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "2단계 인증 등록" })).toBeVisible();
  await expect(page.getByText("이 계정은 2단계 인증을 등록해야 이용할 수 있습니다.", { exact: false })).toBeVisible();
  await expect(page.getByRole("img", { name: /2단계 인증 등록용 QR 코드/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${base}/myProfile`);
  await expect(page).toHaveURL(`${base}/sign-in/otp`);
  await ready(page, testInfo);
  secret = ((await page.getByTestId("otp-secret").textContent()) ?? "").replace("설정 키:", "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrol = page.locator("form#enrol");
  await enrol.getByLabel("인증 코드").fill("123");
  await enrol.getByRole("button", { name: "등록" }).click();
  await expect(enrol.getByText("인증 코드는 숫자 6자리입니다.").first()).toBeVisible();
  await enrol.getByLabel("인증 코드").fill(await totpOfStepBefore(secret));
  await enrol.getByRole("button", { name: "등록" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "복구 코드를 보관했습니다. 계속하기" }).click();
  await expect(page).toHaveURL(`${base}/change-password`);
  await expect(page.getByRole("heading", { name: "비밀번호 변경" })).toBeVisible();
  await expect(page.getByText("초기 비밀번호를 변경해야 합니다.", { exact: false })).toBeVisible();
  await ready(page, testInfo);
  await expectNoAxeViolations(page);

  // no other page opens before the change
  await page.goto(`${base}/myProfile`);
  await expect(page).toHaveURL(`${base}/change-password`);

  const f = page.locator("form#forced-change");
  await field(f, "현재 비밀번호").fill("Wrong2026!x");
  await field(f, "새 비밀번호").fill(NEW_PASSWORD);
  await field(f, "새 비밀번호 확인").fill(NEW_PASSWORD);
  await f.getByRole("button", { name: "변경" }).click();
  await expect(page.getByText("현재 비밀번호가 일치하지 않습니다.").first()).toBeVisible();

  await field(f, "현재 비밀번호").fill(generated);
  await field(f, "새 비밀번호").fill(generated);
  await field(f, "새 비밀번호 확인").fill(generated);
  await f.getByRole("button", { name: "변경" }).click();
  await expect(page.getByText("현재 비밀번호와 다른 비밀번호를 입력하세요.").first()).toBeVisible();

  await field(f, "현재 비밀번호").fill(generated);
  await field(f, "새 비밀번호").fill(NEW_PASSWORD);
  await field(f, "새 비밀번호 확인").fill(NEW_PASSWORD);
  await f.getByRole("button", { name: "변경" }).click();
  // the change checks the current password and hashes the new one at full cost: give it time
  await expect(page).toHaveURL(`${base}/`, { timeout: 30_000 });
  await expect(page.getByRole("alert").filter({ hasText: "비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요." })).toBeVisible();

  await signInAt(page, testInfo, "admin", generated);
  await expect(page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 일치하지 않습니다." })).toBeVisible();
  await signInAt(page, testInfo, "admin", NEW_PASSWORD);
  // the new password, then the code of the factor enrolled above
  await expect(page).toHaveURL(`${base}/sign-in/otp`);
  await ready(page, testInfo);
  await page.locator("form#otp").getByLabel("인증 코드").fill(totpAt(secret, 1));
  await page.locator("form#otp").getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
});

test("a second start prints no password", async () => {
  await stopServer(server);
  server = await startServer(port, dataDir);
  const out = server.output();
  expect(out).not.toContain(generated);
  expect(out).not.toMatch(/password/i);
});
