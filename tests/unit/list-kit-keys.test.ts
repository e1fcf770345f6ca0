/** The record-list kit's URL state: dialog keys of several parameters, years a list may be asked for besides its choices. */
import { describe, expect, it } from "vitest";
import { readListState } from "~/utils/list-loader.server";
import { backToList } from "~/utils/list-action.server";
import { dialogParams, listSearch, readDialog } from "~/utils/list-url";

describe("dialog keys", () => {
  it("one key: the dialog, the key and ?index leave the list's search", () => {
    expect(dialogParams("eqaSeq")).toEqual(["dialog", "eqaSeq", "index"]);
    expect(listSearch("?year=2026&dialog=edit&eqaSeq=3&index=&value=a", "eqaSeq")).toBe("?year=2026&value=a");
  });

  it("several keys (a year and a department): all of them leave, the first is the record's number", () => {
    const keys = ["year", "dept"] as const;
    expect(listSearch("?dialog=edit&year=2011&dept=%EA%B8%B0%EC%B4%88&sort=year%3Adesc", keys)).toBe("?sort=year%3Adesc");
    expect(readDialog(new URL("http://x/p?dialog=edit&year=2011&dept=기초"), "year")).toEqual({ kind: "edit", seq: 2011 });
    expect(backToList(new URL("http://x/insert/professor/archive?dialog=edit&year=2011&dept=기초&page=2"), keys)).toBe("/insert/professor/archive?page=2");
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
