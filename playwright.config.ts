import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** the second server: the embedded backend in its spec-only mode (issue 33; tests/e2e/spec-only.spec.ts) */
const SPEC_PORT = PORT + 70;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `medu-e2e-${process.pid}-${Date.now()}`);
/** how long an access token lives on the spec-only server: the flows there meet the refresh often */
export const SPEC_ONLY_TOKEN_SECONDS = 3;

/**
 * Debian's chromium: Playwright cannot download its own here. Its headless shell (Debian's
 * chromium-headless-shell, the same Chromium without the browser's UI) when installed, as Playwright
 * itself runs headless tests: the suite took 40 % less time on it than on the full browser (ADR 0070).
 * CHROMIUM_PATH chooses another (`/usr/bin/chromium` for the full browser).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";
const shell = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
/**
 * What only the full browser does as a user's Chrome does, run there: the keyboard's focus
 * scrolling past sticky columns (the shell scrolled a focused link 19 px under the sticky '관리'
 * column that the browser keeps it clear of: keyboard-walk) and the PDF viewer (data-files; ADR
 * 0070). Where the focus goes (keyboard-forms, keyboard-dialogs) is Blink's, the same in both.
 */
const FULL_BROWSER_SPECS = /(keyboard-walk|data-files)\.spec\.ts/;
const full = process.env.CHROMIUM_PATH || FULL_BROWSER;
const launchOptions = {
  executablePath: shell,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // as many workers as the machine has cores, two at least (the tests make the records they change
  // and compare only their own, ADR 0089); E2E_WORKERS chooses another number
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, os.availableParallelism()),
  // CI (2 shared cores) runs a failed test once more; a pass on the retry is reported as flaky by
  // scripts/test-summary.js, never hidden
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".reports/e2e.json" }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    launchOptions,
    trace: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: [/spec-only\.spec\.ts/, FULL_BROWSER_SPECS] },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [/spec-only\.spec\.ts/, FULL_BROWSER_SPECS] },
    // the same two on the full browser, for what the shell does otherwise
    { name: "js-full", use: { javaScriptEnabled: true, launchOptions: { ...launchOptions, executablePath: full } }, testMatch: FULL_BROWSER_SPECS },
    // the keyboard walk runs with JavaScript only (its focus scrolling is the browser's): this project has the PDF viewer alone
    { name: "no-js-full", use: { javaScriptEnabled: false, launchOptions: { ...launchOptions, executablePath: full } }, testMatch: /data-files\.spec\.ts/ },
    // the main flows against the backend as a legacy server written from the spec alone answers
    { name: "spec-only", use: { javaScriptEnabled: false, baseURL: `http://localhost:${SPEC_PORT}` }, testMatch: /spec-only\.spec\.ts/ },
  ],
  webServer: [server(PORT, dataDir, {}), server(SPEC_PORT, `${dataDir}-spec-only`, { SPEC_ONLY: "1", SPEC_ONLY_TOKEN_SECONDS: String(SPEC_ONLY_TOKEN_SECONDS), SPEC_ONLY_FAIL_USER: "committee01,entry02,admin02", DATABASE_URL: "" })],
});

function server(port: number, data: string, extra: Record<string, string>) {
  return {
    command: "node server.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    // a start beside other busy processes (a shared machine) can take minutes; a quiet one takes seconds
    timeout: 300_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "::",
      DATA_DIR: data,
      SESSION_SECRET: "e2e-secret-0123456789abcdefghijklmnop",
      // production mode seeds no demo accounts unless asked (docs/decisions/0024)
      DEMO_DATA: "1",
      DEMO_PASSWORD: "Demo1234!",
      // a throw-away server that signs in some thousand times a run: scrypt at N=2^14 instead of
      // OWASP's 2^17 (about an eighth of the CPU and memory per sign-in; docs/decisions/0017). The
      // cost itself is held by the unit and contract tests, and by the servers restart.spec and
      // first-admin.spec start, which hash at full cost
      PASSWORD_HASH_COST: "14",
      LEGACY_API_URL: "",
      // a call that the inventory (docs/contract.md) does not list fails at once
      INVENTORY_STRICT: "1",
      // every reply of a defined call is read with the web tier's schema on the backend's side too (ADR 0079)
      CHECK_REPLIES: "1",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      ...extra,
    },
  };
}
