/**
 * Ownership across parents, the rest of issue 35 class 5 (ADR 0062; committees and indicators are
 * in ownership.spec.ts): a post forged on one parent's page about a child of another parent is
 * refused with a Korean message, and nothing changed after reload. Per parent kind: a data page's
 * file (P06), a consent form's sending list (R12), a survey's sending list (P12), an activity's
 * attachment (R15), a year of the space status (E17). The posts are the pages' own forms (their
 * CSRF token and Origin), sent with the session cookie, from the project without JavaScript.
 */
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { pdf, ready, signIn, uniqueId } from "./helpers";
import { createStudents, createVolunteerRecords } from "./students";

/** Posts `form` to `url` as that page's own form would, answering status and body text. */
async function forge(page: Page, testInfo: TestInfo, url: string, form: Record<string, string> | FormData) {
  await page.goto(url);
  await ready(page, testInfo);
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  if (form instanceof FormData) form.set("_csrf", csrf);
  const body = form instanceof FormData ? form : { _csrf: csrf, ...form };
  const res = await page.request.post(url, { form: body, headers: { Origin: String(testInfo.project.use.baseURL) }, maxRedirects: 0 });
  return { status: res.status(), text: await res.text() };
}

/** The values of the inputs named `name` on the page at `url`. */
async function valuesOf(page: Page, testInfo: TestInfo, url: string, name: string): Promise<string[]> {
  await page.goto(url);
  await ready(page, testInfo);
  return page.locator(`input[name="${name}"]`).evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
}

/** The `param` of the page's links that carry `dialog=<dialog>`. */
async function dialogSeqs(page: Page, dialog: string, param: string): Promise<string[]> {
  const hrefs = await page.locator(`a[href*="dialog=${dialog}"]`).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => new URL(h).searchParams.get(param) ?? "").filter(Boolean))];
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === "js", "forged posts are plain requests: sent once, from the project without JavaScript");
});

test("data page: a file of page 61 posted from page 62 (delete, edit) is refused, and is unchanged on page 61", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  await page.goto("/data/61");
  await ready(page, testInfo);
  // the oldest file (the list is newest first): a seeded one, not a file another test adds and deletes
  const seq = (await dialogSeqs(page, "delete", "seq")).at(-1)!;
  expect(seq).toBeTruthy();
  // the file's own row (data-files.spec.ts adds and deletes files on page 61 at the same time)
  const row = page.getByTestId("data-file-row").filter({ has: page.locator(`a[href*="dialog=delete"][href*="seq=${seq}"]`) });
  const before = await row.innerText();
  const forms: Record<string, string>[] = [
    { confirm: "delete", intent: "delete", seq },
    { intent: "save", seq, year: String(new Date().getFullYear()), keyword: "가로챈 키워드" },
  ];
  for (const form of forms) {
    const r = await forge(page, testInfo, "/data/62", form);
    expect(r.status, JSON.stringify(form)).toBe(404);
    expect(r.text, JSON.stringify(form)).toContain("해당 파일이 없습니다.");
  }
  await page.goto("/data/61");
  await ready(page, testInfo);
  expect(await row.innerText()).toBe(before);
  await expect(page.getByText("가로챈 키워드")).toHaveCount(0);
});

test("consent form: a person of one form's sending list posted from another form's send page is refused, and nobody is sent to", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  await page.goto("/management/privacy?year=");
  await ready(page, testInfo);
  // seeded forms only: the forms other tests make (titled 'e2e …') get people and sends at the same time
  const sends = [...new Set(await page.locator("tr").filter({ hasNotText: "e2e" }).locator('a[href*="/management/privacy/send/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname)))];
  expect(sends.length).toBeGreaterThan(1);
  // A: a form with people on its list; B: another form, and a person on A's list but not on B's
  let pick: { a: string; b: string; person: string; onB: string[] } | null = null;
  const lists = new Map<string, string[]>();
  for (const s of sends) lists.set(s, await valuesOf(page, testInfo, s, "selected"));
  for (const [a, onA] of lists) {
    for (const [b, onB] of lists) {
      const person = onA.find((p) => a !== b && !onB.includes(p));
      if (person && !pick) pick = { a, b, person, onB };
    }
  }
  expect(pick).not.toBeNull();
  const { b, person, onB } = pick!;
  const outboxBefore = await page.goto(b).then(() => page.getByTestId("outbox-row").count());
  const r = await forge(page, testInfo, b, { intent: "send", selected: person });
  expect(r.status).toBe(404);
  expect(r.text).toContain("발송 목록에 없는 사람이 있습니다.");
  await page.goto(b);
  await ready(page, testInfo);
  expect(await valuesOf(page, testInfo, b, "selected")).toEqual(onB);
  await expect(page.getByTestId("outbox-row")).toHaveCount(outboxBefore);
});

test("survey: a person of one survey's sending list posted from another survey's send page is refused, and nobody is sent to", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  await page.goto("/survey?year=");
  await ready(page, testInfo);
  // seeded surveys only: the surveys other tests make (named 'e2e …') get people and sends at the same time
  const sends = [...new Set(await page.locator("tr").filter({ hasNotText: "e2e" }).locator('a[href*="/survey/send/list/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname)))].slice(0, 6);
  expect(sends.length).toBeGreaterThan(1);
  const lists = new Map<string, string[]>();
  for (const s of sends) lists.set(s, await valuesOf(page, testInfo, s, "users"));
  let pick: { b: string; person: string; onB: string[] } | null = null;
  for (const [a, onA] of lists) {
    for (const [b, onB] of lists) {
      const person = onA.find((p) => a !== b && !onB.includes(p));
      if (person && !pick) pick = { b, person, onB };
    }
  }
  expect(pick).not.toBeNull();
  const { b, person, onB } = pick!;
  const outboxBefore = await page.goto(b).then(() => page.getByTestId("personal-link").count());
  for (const intent of ["send:N", "send:Y"]) {
    const r = await forge(page, testInfo, b, { intent, users: person });
    expect(r.status, intent).toBe(404);
    expect(r.text, intent).toContain("발송 목록에 없는 사람이 있습니다.");
  }
  expect(await valuesOf(page, testInfo, b, "users")).toEqual(onB);
  await expect(page.getByTestId("personal-link")).toHaveCount(outboxBefore);
});

test("activity: a save of one volunteer record that removes another record's attachment is refused, and both keep their files", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, testInfo, "admin");
  // two records of a student of the test's own, each given an attachment in its edit dialog
  // (activities.spec adds, edits and deletes records with attachments at the same time)
  const year = new Date().getFullYear();
  const [s] = await createStudents(page, testInfo, year, ["소유봉사"], "4");
  const list = await createVolunteerRecords(page, testInfo, year, s, [
    { start: `${year}-06-01`, end: `${year}-06-01`, hours: "3", place: "소유복지관" },
    { start: `${year}-06-08`, end: `${year}-06-08`, hours: "5", place: "소유복지관" },
  ]);
  const seqs = await dialogSeqs(page, "edit", "vaSeq");
  expect(seqs).toHaveLength(2);
  const withFiles: { seq: string; files: string[]; names: string[] }[] = [];
  for (const [i, seq] of seqs.entries()) {
    await page.goto(`${list}&dialog=edit&vaSeq=${seq}`);
    await ready(page, testInfo);
    await page.locator("#activity-form-file-1").setInputFiles({ name: `확인서${i + 1}.pdf`, mimeType: "application/pdf", buffer: pdf(`${s.id} ${i}`) });
    await page.getByRole("button", { name: "수정", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "수정되었습니다." }).first()).toBeVisible();
    await page.goto(`${list}&dialog=edit&vaSeq=${seq}`);
    await ready(page, testInfo);
    const files = await page.locator('#activity-form input[name="removeFile"]').evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
    expect(files).toHaveLength(1);
    withFiles.push({ seq, files, names: await page.getByTestId("saved-file").allInnerTexts() });
  }
  const [mine, theirs] = withFiles;
  // record A's own form as the dialog posts it, with record B's attachment ticked for removal
  const url = `${list}&dialog=edit&vaSeq=${mine.seq}`;
  await page.goto(url);
  await ready(page, testInfo);
  const action = await page.locator("#activity-form").getAttribute("action");
  const entries = await page.locator("#activity-form").evaluate((f) =>
    [...new FormData(f as HTMLFormElement).entries()].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, v as string]),
  );
  const form = new FormData();
  for (const [k, v] of entries) if (k !== "removeFile" && k !== "_csrf") form.append(k, v);
  form.append("removeFile", theirs.files[0]);
  form.set("intent", "save");
  const r = await forge(page, testInfo, new URL(action ?? url, String(testInfo.project.use.baseURL)).pathname + new URL(action ?? url, String(testInfo.project.use.baseURL)).search, form);
  expect(r.status).toBe(404);
  expect(r.text).toContain("해당 첨부파일이 없습니다.");
  for (const rec of [mine, theirs]) {
    await page.goto(`${list}&dialog=edit&vaSeq=${rec.seq}`);
    await ready(page, testInfo);
    expect(await page.getByTestId("saved-file").allInnerTexts()).toEqual(rec.names);
  }
});

test("space status: a tab posted from the 2025 page for 2024 is refused, a year outside the list says what is allowed, and neither year takes the posted values", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, testInfo, "admin");
  const values = async (year: number) => {
    await page.goto(`/insert/resource/space?year=${year}&tab=fcl`);
    await ready(page, testInfo);
    return page.locator("#space-form input, #space-form select").evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
  };
  // the 2025 tab's own form, with a facility named by a marker of this test's own: had a forged
  // post been saved, the marker would show on the year it was saved to (space.spec.ts saves these
  // tabs at the same time, so the test looks for its marker, not for the tabs' values unchanged)
  const marker = uniqueId("가로챈시설");
  const page2025 = "/insert/resource/space?year=2025&tab=fcl";
  await page.goto(page2025);
  await ready(page, testInfo);
  const entries = await page.locator("#space-form").evaluate((f) =>
    [...new FormData(f as HTMLFormElement).entries()].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, v as string] as const),
  );
  const form = (year: string) => {
    const f: Record<string, string> = Object.fromEntries(entries.filter(([k]) => k !== "_csrf"));
    return { ...f, "fclInfo.stfclYn": "Y", "stfclList[0].stfclLoc": marker, "stfclList[0].stfclNm": marker, confirm: "save", intent: "save", tab: "fcl", year };
  };
  const other = await forge(page, testInfo, page2025, form("2024"));
  expect(other.status).toBe(404);
  expect(other.text).toContain("보고 있는 년도와 다른 년도로는 저장할 수 없습니다.");
  const outside = await forge(page, testInfo, page2025, form("1999"));
  expect(outside.status).toBe(400);
  expect(outside.text).toContain(`년도는 2024년부터 ${Math.max(new Date().getFullYear(), 2024)}년까지 선택할 수 있습니다.`);
  for (const year of [2024, 2025]) expect(await values(year), String(year)).not.toContain(marker);
});
