/** Survey fixtures the survey specs share. */
import { expect, type Page } from "./fixtures";

/** A survey posted through the editor's form (the editor itself is covered by survey-editor.spec). */
export async function createSurvey(page: Page, name: string): Promise<number> {
  await page.goto("/survey/registration");
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const f: [string, string][] = [
    ["_csrf", csrf], ["intent", "save"], ["srName", name], ["srContent", "수업에 대한 의견을 들려주세요."], ["usyn", "Y"], ["dtYn", "N"],
    ["prsnInfoYn", "Y"], ["prsnInfoContent", "수집 항목: 학번, 이름 / 목적: 응답 확인"],
    ["qestList[0].sqType", "0"], ["qestList[0].sqSubj", "수업 평가"],
    ["qestList[1].sqType", "1"], ["qestList[1].itemType", "1"], ["qestList[1].prevItemType", "1"], ["qestList[1].esntlYn", "Y"], ["qestList[1].scoreOpenYn", "Y"], ["qestList[1].sqSubj", "수업 목표가 명확했다"],
    ...["해당없음", "전혀 그렇지 않다", "그렇지 않다", "보통이다", "그렇다", "매우 그렇다"].flatMap((t, j): [string, string][] => [[`qestList[1].itemList[${j}].text`, t], [`qestList[1].itemList[${j}].score`, String(j + 1)]]),
    ["qestList[2].sqType", "1"], ["qestList[2].itemType", "5"], ["qestList[2].prevItemType", "5"], ["qestList[2].multiAns", "Y"], ["qestList[2].sqSubj", "도움이 된 활동"],
    ["qestList[2].itemList[0].text", "강의"], ["qestList[2].itemList[1].text", "실습"], ["qestList[2].itemList[2].text", "토론"],
    ["qestList[3].sqType", "2"], ["qestList[3].esntlYn", "Y"], ["qestList[3].sqSubj", "자유 의견"],
  ];
  const res = await page.request.post("/survey/registration", { data: new URLSearchParams(f).toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await page.goto(`/survey?searchTxt=${encodeURIComponent(name)}`);
  const href = await page.getByTestId("survey-list").getByRole("link", { name: /^수정/ }).first().getAttribute("href");
  return Number(href!.match(/seq=(\d+)/)![1]);
}
