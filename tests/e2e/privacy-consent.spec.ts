/**
 * R12 sending and R14 public consent page (spec 001 §2, §4, §5, §7, §8). The long flow runs without
 * JavaScript; with JavaScript a short walk of the staff's send form (ADR 0087). The public page is
 * always opened on a 360 px phone with JavaScript off (it loads none). Send to three people, one disagrees (message, the form stays), one agrees
 * (complete screen, and a revisit shows complete), tampered links are 404, the send page shows
 * each person's agreeYn and date, an XSS payload is inert on the public page, axe everywhere. The
 * answered form cannot be deleted: the list says why and the form, its answers and links stay.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "./fixtures";
import { expectNoAxeViolations, field, longWalkIn, onlyWithoutJavaScript, ready, setRichText, shortWalkIn, signIn, uniqueId } from "./helpers";

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).first();

async function signInAdmin(page: Page, testInfo: TestInfo) {
  await page.context().clearCookies();
  await signIn(page, testInfo, "admin");
}

/** Creates a form with the given content through the editor; answers its uiaSeq. */
async function createForm(page: Page, testInfo: TestInfo, title: string, html: string): Promise<number> {
  await page.goto("/management/privacy/add");
  await ready(page, testInfo);
  await field(page, "제목").fill(title);
  await setRichText(page, testInfo, "내용", html);
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "등록되었습니다.")).toBeVisible();
  await page.goto(`/management/privacy?value=${encodeURIComponent(title)}`);
  await ready(page, testInfo);
  const href = await page.getByRole("link", { name: `발송 관리: ${title}` }).getAttribute("href");
  return Number(/\/send\/(\d+)$/.exec(href ?? "")?.[1]);
}

/** A phone without JavaScript (the public page needs none). */
async function phone(browser: Browser) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: "ko-KR", isMobile: true, hasTouch: true });
  return ctx.newPage();
}

/**
 * On a send page: 대상 추가, the students (구분 1) searched, axe on the found list, the first `count`
 * ticked and added ('추가되었습니다.', '미발송 (count명)'). Answers their names.
 */
async function addStudents(page: Page, testInfo: TestInfo, count: number): Promise<string[]> {
  await page.getByRole("link", { name: "대상 추가" }).click();
  await ready(page, testInfo);
  const dialog = page.locator("#add-dialog, [role=dialog]").first();
  await expect(dialog.getByRole("heading", { name: "발송 대상 추가" }).or(dialog.getByText("발송 대상 추가")).first()).toBeVisible();
  await dialog.getByLabel("구분").selectOption("1");
  await dialog.getByRole("button", { name: "검색" }).click();
  await ready(page, testInfo);
  const addDialog = page.locator("#add-dialog, [role=dialog]").first();
  await expect(addDialog.getByTestId("add-table").locator("caption")).toContainText("학생");
  await expectNoAxeViolations(page);
  const boxes = addDialog.getByRole("checkbox", { name: /^추가: / });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    names.push(((await box.getAttribute("aria-label")) ?? "").replace(/^추가: /, "").replace(/ \(.*\)$/, ""));
    await box.check();
  }
  await addDialog.getByRole("button", { name: "선택 추가" }).click();
  await expect(alert(page, "추가되었습니다.")).toBeVisible();
  await expect(page.getByTestId("unsent-group")).toContainText(`미발송 (${count}명)`);
  return names;
}

test("send to three people; on a phone without JavaScript one disagrees and one agrees; tampered links are 404; the send page shows each answer", async ({ page, browser }, testInfo) => {
  longWalkIn(testInfo, "no-js");
  test.setTimeout(180_000);
  await signInAdmin(page, testInfo);
  const title = `e2e 발송 동의서 ${uniqueId("s")}`;
  // issue 37 item 8: the app's own classes on a link elsewhere and images from other addresses
  const payload =
    '<p>동의서 본문입니다.</p><img src="x" onerror="document.title=\'xss\'" alt=""><script>document.title="xss"</script><a href="javascript:alert(1)">링크</a>' +
    '<p class="mantine-Alert-root"><a class="mantine-Button-root mantine-focus-auto" href="https://evil.example/login">다시 로그인</a></p>' +
    '<img src="https://evil.example/track.png" alt="추적"><img src="/dashboard" alt="대시보드">';
  const uiaSeq = await createForm(page, testInfo, title, payload);
  expect(uiaSeq).toBeGreaterThan(0);

  // --- R12: the list starts empty; add three students through the dialog ---
  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "동의서 발송 관리" })).toBeVisible();
  await expect(page.getByTestId("form-title")).toContainText(title);
  await expect(page.getByTestId("unsent-group")).toContainText("미발송 (0명)");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "선택 발송(재발송)" }).click();
  await expect(alert(page, "사용자를 선택해주세요.")).toBeVisible();

  const names = await addStudents(page, testInfo, 3);

  // --- send the whole unsent group ---
  await page.getByLabel(/^미발송 전체 선택/).check();
  await page.getByRole("button", { name: "선택 발송(재발송)" }).click();
  await expect(alert(page, "발송(재발송) 처리되었습니다.")).toBeVisible();
  await expect(page.getByTestId("sent-group")).toContainText("발송 (3명)");
  await expect(page.getByTestId("unsent-group")).toContainText("미발송 (0명)");
  const outbox = page.getByTestId("outbox-row");
  await expect(outbox).toHaveCount(3);
  const linkOf = async (name: string) => (await outbox.filter({ hasText: name }).getByTestId("personal-link").textContent())!.trim();
  const [linkA, linkB, linkC] = [await linkOf(names[0]), await linkOf(names[1]), await linkOf(names[2])];
  expect(linkA).toMatch(new RegExp(`/send/privacyAgree/${uiaSeq}/\\d+\\?sig=`));
  await expectNoAxeViolations(page);

  // --- R14 on a phone, no JavaScript ---
  const p = await phone(browser);
  await p.goto(linkA);
  await expect(p.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await p.locator("script").count()).toBe(0);
  const doc = p.getByTestId("consent-doc");
  await expect(doc).toContainText("동의서 본문입니다.");
  await expect(doc.locator("script, [onerror], [href^='javascript']")).toHaveCount(0);
  // no foreign class or image: the link stays a plain link, the images are gone
  await expect(doc.getByRole("link", { name: "다시 로그인" })).not.toHaveAttribute("class", /./);
  await expect(doc.locator("[class]")).toHaveCount(0);
  await expect(doc.locator("img")).toHaveCount(0);
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(p);

  // nothing chosen, then disagree: only the message, the form stays
  await p.getByRole("button", { name: "저장" }).click();
  await expect(alert(p, "동의 여부를 선택해주세요.")).toBeVisible();
  await p.getByLabel("동의하지 않습니다").check();
  await p.getByRole("button", { name: "저장" }).click();
  await expect(alert(p, "비동의 하셨습니다.")).toBeVisible();
  await expect(p.getByRole("radio", { name: "동의합니다" })).toBeVisible();
  await expect(p.getByTestId("consent-done")).toHaveCount(0);
  await expectNoAxeViolations(p);

  // agree: the complete screen, and again on a revisit
  await p.goto(linkB);
  await p.getByLabel("동의합니다").check();
  await p.getByRole("button", { name: "저장" }).click();
  await expect(alert(p, "제출이 완료되었습니다.")).toBeVisible();
  await expect(p.getByTestId("consent-done")).toBeVisible();
  await expectNoAxeViolations(p);
  await p.goto(linkB);
  await expect(p.getByTestId("consent-done")).toBeVisible();
  await expect(p.getByRole("radio")).toHaveCount(0);

  // tampered links: another usSeq, a changed signature, none
  const [, seqA, sigA] = /\/(\d+)\?sig=(.+)$/.exec(linkA)!;
  const seqB = /\/(\d+)\?sig=/.exec(linkB)![1];
  for (const bad of [
    linkA.replace(`/${seqA}?`, `/${seqB}?`),
    linkA.replace(`/${seqA}?`, `/${Number(seqA) + 100000}?`),
    linkA.replace(sigA, sigA.slice(0, -2) + (sigA.endsWith("AA") ? "BB" : "AA")),
    linkA.replace(/\?sig=.*$/, ""),
  ]) {
    const res = await p.goto(bad);
    expect(res?.status(), bad).toBe(404);
  }
  const post = await p.request.post(linkA.replace(`/${seqA}?`, `/${seqB}?`), { form: { agreeYn: "N" } });
  expect(post.status()).not.toBe(200);
  await p.context().close();

  // --- back on the send page: each person's answer and date ---
  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  const sent = page.getByTestId("sent-table");
  const rowOf = (name: string) => sent.getByRole("row").filter({ hasText: name });
  await expect(rowOf(names[0]).getByTestId("agree-yn")).toHaveText("비동의");
  await expect(rowOf(names[0]).getByTestId("agree-dt")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(rowOf(names[1]).getByTestId("agree-yn")).toHaveText("동의");
  await expect(rowOf(names[1]).getByTestId("agree-dt")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(rowOf(names[2]).getByTestId("agree-yn")).toHaveText("미응답");
  await expect(rowOf(names[2]).getByTestId("agree-dt")).toHaveText("");

  // the agreement filter
  await page.goto(`/management/privacy/send/${uiaSeq}?agreeYn=Y`);
  await ready(page, testInfo);
  await expect(page.getByTestId("sent-group")).toContainText("발송 (1명)");
  await expect(page.getByTestId("sent-table")).toContainText(names[1]);

  // resend to one person
  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  await page.getByRole("checkbox", { name: new RegExp(`^선택: ${names[2]} `) }).check();
  await page.getByRole("button", { name: "선택 발송(재발송)" }).click();
  await expect(alert(page, "발송(재발송) 처리되었습니다.")).toBeVisible();
  await expect(page.getByTestId("outbox-row")).toHaveCount(4);
  await expect(rowOf(names[2])).toContainText("2");

  // an answered form is not deleted (issue 35 class 6, ADR 0062): the list says why, the form and
  // its answers stay, and the people's links still show the form and what they answered
  await page.goto(`/management/privacy?value=${encodeURIComponent(title)}`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: `삭제: ${title}` }).click();
  await ready(page, testInfo);
  const question = page.locator("#list-delete, [role=dialog]").first();
  await expect(question.getByText("정말 삭제하시겠습니까?")).toBeVisible();
  await question.getByRole("button", { name: "삭제" }).click();
  await expect(alert(page, "응답이 있는 동의서는 삭제할 수 없습니다.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await ready(page, testInfo);
  await expect(page.getByRole("link", { name: `발송 관리: ${title}` })).toBeVisible();
  await expect(page.getByTestId("agree-list").getByRole("row").filter({ hasText: title })).toContainText("3 / 3 / 1");
  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  await expect(rowOf(names[0]).getByTestId("agree-yn")).toHaveText("비동의");
  await expect(rowOf(names[1]).getByTestId("agree-yn")).toHaveText("동의");
  const q = await phone(browser);
  expect((await q.goto(linkB))?.status()).toBe(200);
  await expect(q.getByTestId("consent-done")).toBeVisible();
  expect((await q.goto(linkC))?.status()).toBe(200);
  await expect(q.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(q.getByRole("radio", { name: "동의합니다" })).toBeVisible();
  // to stop collecting answers the form is set to 미사용 instead: its links then say it is not available
  await page.goto(`/management/privacy/edit/${uiaSeq}`);
  await ready(page, testInfo);
  await page.getByLabel("미사용").check();
  await page.getByRole("button", { name: "저장", exact: true }).last().click();
  await expect(alert(page, "수정되었습니다.")).toBeVisible();
  expect((await q.goto(linkC))?.status()).toBe(404);
  await expect(q.getByTestId("consent-missing")).toContainText("요청하신 동의서를 찾을 수 없습니다.");
  await q.context().close();
});

test("short walk (the long flow runs without JavaScript): the send form adds two people, sends to them, and the send page shows it after a reload", async ({ page }, testInfo) => {
  shortWalkIn(testInfo, "js");
  test.setTimeout(120_000);
  await signInAdmin(page, testInfo);
  const title = `e2e 발송 동의서 ${uniqueId("j")}`;
  const uiaSeq = await createForm(page, testInfo, title, "<p>동의서 본문입니다.</p>");
  expect(uiaSeq).toBeGreaterThan(0);

  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("unsent-group")).toContainText("미발송 (0명)");
  const names = await addStudents(page, testInfo, 2);

  // with JavaScript the group's box checks each row's box
  await page.getByLabel(/^미발송 전체 선택/).check();
  await expect(page.getByTestId("unsent-table").getByRole("checkbox").first()).toBeChecked();
  await page.getByRole("button", { name: "선택 발송(재발송)" }).click();
  await expect(alert(page, "발송(재발송) 처리되었습니다.")).toBeVisible();
  await expect(page.getByTestId("sent-group")).toContainText("발송 (2명)");
  await expect(page.getByTestId("unsent-group")).toContainText("미발송 (0명)");

  // after a reload: each person sent to once, with a personal link, no answer yet
  await page.goto(`/management/privacy/send/${uiaSeq}`);
  await ready(page, testInfo);
  await expect(page.getByTestId("sent-group")).toContainText("발송 (2명)");
  const outbox = page.getByTestId("outbox-row");
  await expect(outbox).toHaveCount(2);
  const link = (await outbox.filter({ hasText: names[0] }).getByTestId("personal-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`/send/privacyAgree/${uiaSeq}/\\d+\\?sig=`));
  const sent = page.getByTestId("sent-table");
  for (const name of names) await expect(sent.getByRole("row").filter({ hasText: name }).getByTestId("agree-yn")).toHaveText("미응답");
});

test("the send page of an unknown form goes back to the list with the message", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signInAdmin(page, testInfo);
  await page.goto("/management/privacy/send/999999");
  await ready(page, testInfo);
  await expect(page).toHaveURL(/\/management\/privacy$/);
  await expect(alert(page, "데이터가 없습니다.")).toBeVisible();
});
