/**
 * Each evaluation page asks the backend for each thing once (issue 11): an evaluation route nested
 * under its list route ran the list's loader, and so every backend call, twice.
 *
 * support/record-backend-calls.mjs serves the build in its own process with its own embedded
 * backend, wrapped to record the `.do` path of every call, and asks for the pages one at a time: the
 * calls recorded while one is answered are that page's.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";

const YEAR = new Date().getFullYear();

/** The six evaluation pages (seeded evaluations), each with its list call. */
const PAGES = [
  { path: `/insert/student/document/1/11/${YEAR}`, list: "/api/student/getList.do" },
  { path: `/insert/professor/document/1/21/${YEAR}`, list: "/api/professor/getList.do" },
  { path: `/insert/tutor/document/2/22/${YEAR}`, list: "/api/tutor/getList.do" },
  { path: "/insert/eval/relearning/1/31/2026", list: "/api/relearning/list.do" },
  { path: `/insert/eval/patient-safety/1/34/${YEAR}`, list: "/api/eval/getPtntSftyScreList.do" },
  { path: `/insert/eval/medical-law/1/36/${YEAR}`, list: "/api/medical/list.do" },
];

interface Recorded {
  signIn: string | null;
  pages: { path: string; status: number; html: string; calls: string[] }[];
}

test("an evaluation page makes each backend call once, its list call included", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  // a server of its own: migrating and seeding its database takes a while on a busy machine
  test.setTimeout(300_000);
  const { stdout } = await promisify(execFile)(process.execPath, ["tests/e2e/support/record-backend-calls.mjs", ...PAGES.map((p) => p.path)], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 280_000,
  });
  const recorded = JSON.parse(stdout) as Recorded;
  expect(recorded.signIn).toBe("/dashboard");
  for (const [i, page] of PAGES.entries()) {
    const got = recorded.pages[i];
    const calls = got.calls.join(", ");
    expect(got.status, page.path).toBe(200);
    expect(got.html, page.path).toContain('data-testid="eval-table"');
    // a call is its path and body: no identical call twice, and one list call whatever its body
    expect(got.calls.filter((c) => c.split(" ")[0] === page.list), `${page.path}: ${calls}`).toHaveLength(1);
    expect(got.calls.filter((c, n) => got.calls.indexOf(c) !== n), `${page.path}: ${calls}`).toEqual([]);
  }
});
