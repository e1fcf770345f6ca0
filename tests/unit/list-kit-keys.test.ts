/** The record-list kit's URL state: dialog keys of several parameters, years a list may be asked for besides its choices. */
import { describe, expect, it } from "vitest";
import { readListState } from "~/utils/list-loader.server";
import { backToList } from "~/utils/list-action.server";
import { dialogParams, listSearch, readDialog } from "~/utils/list-url";
import { dialogOpenerKey, openerProps, returnFocusKey } from "~/utils/focus-return";

describe("dialog keys", () => {
  it("one key: the dialog, the key, ?index and a focus return leave the list's search", () => {
    expect(dialogParams("eqaSeq")).toEqual(["dialog", "eqaSeq", "index", "focus"]);
    expect(listSearch("?year=2026&dialog=edit&eqaSeq=3&index=&value=a", "eqaSeq")).toBe("?year=2026&value=a");
    expect(listSearch("?year=2026&focus=edit-3&value=a", "eqaSeq")).toBe("?year=2026&value=a");
  });

  it("several keys (a year and a department): all of them leave, the first is the record's number", () => {
    const keys = ["year", "dept"] as const;
    expect(listSearch("?dialog=edit&year=2011&dept=%EA%B8%B0%EC%B4%88&sort=year%3Adesc", keys)).toBe("?sort=year%3Adesc");
    expect(readDialog(new URL("http://x/p?dialog=edit&year=2011&dept=기초"), "year")).toEqual({ kind: "edit", seq: 2011 });
    // back on the list, the focus goes back to the dialog's opener (ADR 0059)
    expect(backToList(new URL("http://x/insert/professor/archive?dialog=edit&year=2011&dept=기초&page=2"), keys)).toBe(`/insert/professor/archive?page=2&focus=${encodeURIComponent("edit-2011-기초")}`);
  });

  it("a dialog outside the vocabulary, or without its key, is none", () => {
    expect(readDialog(new URL("http://x/p?dialog=score"), "year")).toBeNull();
    expect(readDialog(new URL("http://x/p?dialog=edit"), "year")).toBeNull();
    expect(readDialog(new URL("http://x/p?dialog=add&year=2011"), "year")).toEqual({ kind: "add", seq: null });
  });
});

describe("years a list may be asked for", () => {
  const url = (year: number) => new URL(`http://x/eval/monitor/analysis?year=${year}`);
  it("a year outside the choices falls back to a choice, unless the list accepts it", () => {
    expect(readListState(url(2012), {}, {}).year).toBe(readListState(url(1), {}, {}).year);
    expect(readListState(url(2012), {}, { acceptYears: () => [2010, 2011, 2012] }).year).toBe(2012);
    expect(readListState(url(2025), {}, { acceptYears: () => [2012] }).year).toBe(2025);
  });
});

describe("focus back to a dialog's opener (ADR 0059)", () => {
  it("a save from the dialog's URL names the dialog's opener; a post to the list keeps the focus it carries", () => {
    expect(backToList(new URL("http://x/insert/eval/patient-safety?year=2026&dialog=edit&pssSeq=12"), "pssSeq", { year: "2025" })).toBe("/insert/eval/patient-safety?year=2025&focus=edit-12");
    expect(backToList(new URL("http://x/insert/eval/patient-safety?year=2026&dialog=add&index="), "pssSeq")).toBe("/insert/eval/patient-safety?year=2026&focus=add");
    expect(backToList(new URL("http://x/insert/eval/patient-safety?year=2026&focus=delete-12"), "pssSeq")).toBe("/insert/eval/patient-safety?year=2026&focus=delete-12");
    expect(backToList(new URL("http://x/insert/eval/patient-safety?year=2026"), "pssSeq")).toBe("/insert/eval/patient-safety?year=2026");
  });

  it("keys are words: a crafted value cannot reach an attribute or a selector", () => {
    expect(returnFocusKey("?focus=edit-12%22%5D%3Cscript%3E")).toBe("edit-12script");
    expect(dialogOpenerKey("?dialog=edit&pssSeq=12", ["pssSeq"])).toBe("edit-12");
    expect(dialogOpenerKey("?year=2026", ["pssSeq"])).toBeNull();
    expect(openerProps("?focus=edit-12", "edit-12")).toEqual({ autoFocus: true, "data-return-focus": "" });
    expect(openerProps("?focus=edit-12", "delete-12")).toEqual({});
  });
});
