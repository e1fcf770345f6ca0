/**
 * A press of the mouse takes a user a tenth of a second or more; the focus leaves the field at its
 * start and the button acts at its end (ADR 0086). With JavaScript, the form checks a field when
 * the focus leaves it: its message, shown during the press, moved the button from under the
 * pointer, and the press did nothing. Here the presses are a user's (down, a pause, up) on P16's
 * registration form, after a 이름 its rule refuses: 저장 saves (the form's message, every field's,
 * the focus on the first), and 목록으로 leaves. Without JavaScript nothing checks on leaving a
 * field (the server answers the post), so these run once, with JavaScript. The same for a value
 * over its cap (E18's 문항비율): it is cleared as the field is left, and its message waits for the
 * press to end.
 */
import { expect, test, type Locator, type Page } from "./fixtures";
import { field, onlyWithJavaScript, ready, signIn } from "./helpers";

const FORM = "/management/member/registration";
const NAME_RULE = "이름은 텍스트만 입력 가능합니다.";

/** A user's press on the element: the pointer down at its middle, held a moment, then up where it went down. */
async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("the target is not on the screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // a user's press: long enough for the check on leaving the field to answer and the page to redraw
  await page.waitForTimeout(300);
  await page.mouse.up();
}

test("a press on 저장 or 목록으로 after a refused field still acts", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(FORM);
  await ready(page, testInfo);

  // a link under the form: the press leaves for the list (the field's check, held to the press's
  // end, finds its field gone and does nothing)
  const name = field(page, "이름");
  await name.fill("홍길동1");
  await press(page, page.getByRole("link", { name: "목록으로" }));
  await expect(page).toHaveURL(/\/management\/member$/);
  await expect(page.getByRole("heading", { name: "사용자 관리", level: 1 })).toBeVisible();

  // 저장: the form's check ran, its message is the first field's, every field has its own, the focus is on the first
  await page.goto(FORM);
  await ready(page, testInfo);
  await name.fill("홍길동1");
  await press(page, page.getByRole("button", { name: "저장" }));
  await expect(page.getByTestId("alert-region").filter({ hasText: /\S/ }).first()).toContainText("아이디를 입력하세요.");
  await expect(page.getByText(NAME_RULE)).toBeVisible();
  await expect(field(page, "아이디")).toBeFocused();
  await expect(name).toHaveValue("홍길동1");
});

test("a press on 저장 after a value over its cap: the value is cleared at once, its message waits, and the press acts", async ({ page }, testInfo) => {
  onlyWithJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  await page.goto(`/eval/monitor/analysis?year=${new Date().getFullYear()}&dialog=add`);
  await ready(page, testInfo);
  const form = page.locator("#analysis-form");
  await field(form, "문항비율").fill("1000.5");
  await press(page, form.getByRole("button", { name: "저장" }));
  // the form's check ran (the value was cleared before it): its message is the first field's, and the capped field says why it is empty
  await expect(form.getByTestId("alert-region").filter({ hasText: /\S/ }).first()).toContainText("과정명을 입력해주세요.");
  await expect(page.getByText("최대 입력가능한 값은 999입니다.").first()).toBeVisible();
  await expect(field(form, "문항비율")).toHaveValue("");
});
