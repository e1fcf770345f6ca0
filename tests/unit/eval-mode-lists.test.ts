/**
 * A list in evaluation mode (eiSeq and menuSeq in the request) answers rows of the configured
 * columns; spec §7 sends only `result.list`, without `columns`. The gateway reads such a reply as
 * evaluation rows for every list (`evalOrPlainList`'s `evalMode`), not only the people lists, and
 * the list kit then asks getEvalColumnsList.do for the columns.
 */
import { afterEach, describe, expect, it } from "vitest";
import { listLaws } from "~/legacy/endpoints/medical-law.server";
import { listScores as listPssScores } from "~/routes/_app.insert.eval.patient-safety+/__calls.server";
import { FakeSession } from "./fake-token-holder";
import { fakeLegacy } from "./route-harness";

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => legacy?.done());

const session = new FakeSession("access", "refresh");
const evalRows = [
  { id: "2026001", name: "김민준", grdeNm: "본과 1학년" },
  { id: "2026002", name: "이서연", grdeNm: "본과 1학년" },
];

describe("a list in evaluation mode without columns keeps its rows", () => {
  it("medical law: the configured columns' values as sent, and no columns (the kit asks for them)", async () => {
    legacy = fakeLegacy({ "/api/medical/list.do": () => ({ status: 200, message: "", result: { list: evalRows } }) });
    const r = await listLaws(session, { year: 2026, value: "", tgetSt: [], eiSeq: 1, menuSeq: 36 });
    expect(r.list).toEqual(evalRows);
    expect(r.columns).toBeUndefined();
  });

  it("patient safety: the same", async () => {
    legacy = fakeLegacy({ "/api/eval/getPtntSftyScreList.do": () => ({ status: 200, message: "", result: { list: evalRows } }) });
    const r = await listPssScores(session, { year: 2026, searchTxt: "", eiSeq: 1, menuSeq: 34 });
    expect(r.list).toEqual(evalRows);
    expect(r.columns).toBeUndefined();
  });

  it("outside evaluation mode the same reply is read as the list's own rows", async () => {
    legacy = fakeLegacy({ "/api/medical/list.do": () => ({ status: 200, message: "", result: { list: evalRows } }) });
    const r = await listLaws(session, { year: 2026, value: "", tgetSt: [] });
    expect(r.list).not.toEqual(evalRows);
  });
});
