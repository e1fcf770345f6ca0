/**
 * The record-list kit's URL state and paging rule (app/utils/list-url.ts, list-loader.server.ts):
 * what a user's URL turns into, and how a whole-list reply and a paged reply become one page.
 */
import { describe, expect, it } from "vitest";
import { pageRows } from "~/utils/list-loader.server";
import { listSearch, listYears, readDialog, readMulti, readPaging, readSort, readText, sortRows, sortText } from "~/utils/list-url";

const url = (q: string) => new URL(`http://x/list?${q}`);

describe("list URL state", () => {
  it("years start at 2025 and end at the given year, newest first", () => {
    expect(listYears(2027)).toEqual([2027, 2026, 2025]);
    expect(listYears(2024)).toEqual([2025]);
  });

  it("a multi-choice filter with 'all', or nothing chosen, is every value", () => {
    expect(readMulti(url("g=1&g=all"), "g")).toBeNull();
    expect(readMulti(url(""), "g")).toBeNull();
    expect(readMulti(url("g=2&g=1&g=2"), "g")).toEqual(["2", "1"]);
  });

  it("paging keeps to 10/20/30/50 and a positive page", () => {
    expect(readPaging(url("size=30&page=3"))).toEqual({ page: 3, size: 30 });
    expect(readPaging(url("size=1000&page=-1"))).toEqual({ page: 1, size: 20 });
    expect(readPaging(url("size=7"), 10)).toEqual({ page: 1, size: 10 });
  });

  it("sorting keeps only the list's own columns, each once, at most three", () => {
    expect(readSort(url("sort=name:desc,id:asc"), ["id", "name"])).toEqual([
      { key: "name", dir: "desc" },
      { key: "id", dir: "asc" },
    ]);
    expect(readSort(url("sort=password:asc,name:sideways,id"), ["id", "name"])).toEqual([{ key: "id", dir: "asc" }]);
    expect(readSort(url("sort=id:asc,id:desc"), ["id"])).toEqual([{ key: "id", dir: "asc" }]);
    expect(sortText([{ key: "id", dir: "desc" }])).toBe("id:desc");
  });

  it("the search text is trimmed to 100 characters", () => {
    expect(readText(url(`value=${encodeURIComponent(`  ${"가".repeat(120)} `)}`))).toHaveLength(100);
  });

  it("dialogs: add|edit|delete|preview; edit, delete and preview need a valid key", () => {
    expect(readDialog(url("dialog=add"), "pssSeq")).toEqual({ kind: "add", seq: null });
    expect(readDialog(url("dialog=edit&pssSeq=12"), "pssSeq")).toEqual({ kind: "edit", seq: 12 });
    expect(readDialog(url("dialog=delete&pssSeq=0"), "pssSeq")).toBeNull();
    expect(readDialog(url("dialog=insert"), "pssSeq")).toBeNull();
    expect(readDialog(url("dialog=preview&pssSeq=1e3"), "pssSeq")).toBeNull();
  });

  it("the list's search drops only the dialog's parameters", () => {
    expect(listSearch("?year=2026&dialog=edit&pssSeq=3&page=2&sort=id:asc", "pssSeq")).toBe("?year=2026&page=2&sort=id%3Aasc");
    expect(listSearch("?dialog=add", "pssSeq")).toBe("");
  });
});

describe("rows of a page", () => {
  const whole = Array.from({ length: 25 }, (_, i) => ({ id: String(100 + ((i * 7) % 25)), name: `이름${i}` }));

  it("a whole list (a legacy server's reply) is sorted and sliced here", () => {
    const { rows, total } = pageRows({ list: whole }, 2, 10, [{ key: "id", dir: "asc" }]);
    expect(total).toBe(25);
    expect(rows.map((r) => r.id)).toEqual(["110", "111", "112", "113", "114", "115", "116", "117", "118", "119"]);
  });

  it("a whole list whose total equals its length is still sliced", () => {
    const { rows, total } = pageRows({ list: whole, total: 25 }, 3, 10, []);
    expect(total).toBe(25);
    expect(rows).toHaveLength(5);
  });

  it("a paged reply (total larger than its list) is the page itself", () => {
    const { rows, total } = pageRows({ list: whole.slice(0, 10), total: 95 }, 4, 10, [{ key: "id", dir: "desc" }]);
    expect(total).toBe(95);
    expect(rows).toEqual(whole.slice(0, 10));
  });

  it("sorting puts empty values last and compares Korean text and numbers as people read them", () => {
    const sorted = sortRows([{ n: "나" }, { n: "" }, { n: "가10" }, { n: "가9" }], [{ key: "n", dir: "asc" }]);
    expect(sorted.map((r) => r.n)).toEqual(["가9", "가10", "나", ""]);
  });
});
