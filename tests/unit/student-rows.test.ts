/** The student lookup rows: reading posted rows, and what counts as confirmed (spec 002 §4). */
import { describe, expect, it } from "vitest";
import { blankRow, checkKey, isConfirmed, rowField } from "~/schemas/student-rows";
import { isRowsIntent, readRows } from "~/utils/student-rows.server";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("readRows", () => {
  it("reads rows in index order and closes gaps", () => {
    const rows = readRows(
      form([
        [rowField(2, "id"), "2024003"],
        [rowField(0, "id"), "2024001"],
        [rowField(0, "quiz"), "12.5"],
        ["year", "2026"],
        ["rows[x].id", "ignored"],
      ]),
    );
    expect(rows).toEqual([
      { ...blankRow(), id: "2024001", quiz: "12.5" },
      { ...blankRow(), id: "2024003" },
    ]);
  });

  it("reads another prefix only", () => {
    const rows = readRows(form([[rowField(0, "id", "users"), "1"], [rowField(0, "id"), "2"]]), "users");
    expect(rows.map((r) => r.id)).toEqual(["1"]);
  });
});

describe("isConfirmed", () => {
  const row = { id: "2024001", name: "김민준", usSeq: "17", checked: checkKey(2026, "2024001") };
  it("holds for the number and year it was confirmed for", () => {
    expect(isConfirmed(row, "2026")).toBe(true);
  });
  it("is undone by an edited number", () => {
    expect(isConfirmed({ ...row, id: "2024002" }, "2026")).toBe(false);
  });
  it("is undone by another year", () => {
    expect(isConfirmed(row, "2025")).toBe(false);
  });
  it("needs a usSeq", () => {
    expect(isConfirmed({ ...row, usSeq: "" }, "2026")).toBe(false);
  });
});

describe("isRowsIntent", () => {
  it.each([
    ["lookup:0", true],
    ["lookup:12", true],
    ["removeRow:3", true],
    ["addRow", true],
    ["save", false],
    ["lookup:", false],
    ["lookup:a", false],
  ])("%s → %s", (intent, expected) => {
    expect(isRowsIntent(intent)).toBe(expected);
  });
});
