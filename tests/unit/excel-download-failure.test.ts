/**
 * A failed Excel download (spec 001 §8, 002 §8): from a list, '엑셀 다운로드 실패하였습니다.'; in
 * evaluation mode, the errorMessage of the server's reply. Either way the user lands back on the
 * page they came from, where the flash is its '알림' message.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/insert.$kind.document.excel";
import { INDICATORS } from "~/calls/eval-indicators";
import { fakeLegacy, flashOf, get, run, signedIn } from "./route-harness";

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => legacy?.done());

// the user's indicator page (menu 901, the fake menu list numbers from 900) holds indicator 3, whose card 11 is the student list: evaluation mode
// opens for this user (ADR 0058)
const card = { menuSeq: 11, menuNm: "학생", menuUrl: "/insert/student/document", excelUrl: "", menuTy: "INSERT", clms: [] };
const indicator = () => ({ status: 200, result: { info: { eiSeq: 3, evalIndctNm: "지표", evalStnd: "", years: [2026] }, list: [card] } });
const failing = (reply: unknown) =>
  fakeLegacy({ "/api/student/excelDown.do": () => reply, [INDICATORS.cards.path]: indicator }, ["/insert/student/document", "/eval/indicator/901"]);
const download = (query: string) => run(() => loader({ ...get(`/insert/student/document/excel?${query}`, signedIn()), params: { kind: "student" } } as never));

describe("Excel download failures", () => {
  it("in evaluation mode: the reply's errorMessage, back on the evaluation page", async () => {
    legacy = failing({ status: 404, errorMessage: "평가 자료를 찾을 수 없습니다." });
    const res = await download("type=download&year=2026&eiSeq=3&menuSeq=11");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/insert/student/document/3/11/2026");
    expect(flashOf(res)).toEqual({ kind: "error", text: "평가 자료를 찾을 수 없습니다." });
  });

  it("in evaluation mode without an errorMessage: the message, else '엑셀 다운로드 실패하였습니다.'", async () => {
    legacy = failing({ status: 500, message: "서버 점검 중입니다." });
    expect(flashOf(await download("type=download&year=2026&eiSeq=3&menuSeq=11"))?.text).toBe("서버 점검 중입니다.");
    legacy.done();
    legacy = failing({ status: 500 });
    expect(flashOf(await download("type=download&year=2026&eiSeq=3&menuSeq=11"))?.text).toBe("엑셀 다운로드 실패하였습니다.");
  });

  it("from the list: '엑셀 다운로드 실패하였습니다.', back on the list with its filter", async () => {
    legacy = failing({ status: 404, errorMessage: "평가 자료를 찾을 수 없습니다." });
    const res = await download("type=download&year=2026&value=%EA%B9%80");
    expect(res.headers.get("Location")).toBe("/insert/student/document?year=2026&value=%EA%B9%80");
    expect(flashOf(res)?.text).toBe("엑셀 다운로드 실패하였습니다.");
  });
});
