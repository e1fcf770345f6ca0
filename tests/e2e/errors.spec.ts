/**
 * Errors in one place (docs/architecture.md "Errors"): a screen whose loader meets a business
 * error of the legacy server shows the server's message in the page area of the signed-in frame
 * (header, side menu, footer kept), server-rendered without JavaScript too.
 */
import { expect, test } from "./fixtures";
import { expectNoAxeViolations, onlyWithoutJavaScript, ready, signIn } from "./helpers";

test("a loader's business error is the server's message inside the frame", async ({ page }, testInfo) => {
  onlyWithoutJavaScript(testInfo);
  await signIn(page, testInfo, "admin");
  // a user record that is not there: getUserInfo.do answers '데이터가 없습니다.' (404)
  const res = await page.goto("/management/member/registration?seq=999999");
  await ready(page, testInfo);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "알림" })).toBeVisible();
  await expect(page.getByTestId("alert-region")).toContainText("데이터가 없습니다.");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoAxeViolations(page);
});
