/**
 * P17 code rows (app/routes/_app.management.code+/__schema.ts): the posted rows read back, blank new rows skipped, the
 * whole list checked (label, usage), usage N on saved codes found and reverted (new rows excepted),
 * and the rows as the save call's two-level tree.
 */
import { describe, expect, it } from "vitest";
import { checkCodeRows, readCodeRows, revertUsage, rowsOfTree, treeOfRows, turnedOff, type CodeNode, type CodeRow } from "~/routes/_app.management.code+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";

const saved: CodeNode[] = [
  { key: "0001800001", data: { id: "0001800001", label: "가", lvl: 1, prtKey: null, usyn: "Y" }, mode: "U", children: [{ key: "0001800003", data: { id: "0001800003", label: "가-1", lvl: 2, prtKey: "0001800001", usyn: "Y" }, mode: "U", children: [] }] },
  { key: "0001800002", data: { id: "0001800002", label: "나", lvl: 1, prtKey: null, usyn: "N" }, mode: "U", children: [] },
];

function form(rows: CodeRow[]): FormData {
  const f = new FormData();
  f.set("rowCount", String(rows.length));
  rows.forEach((r, i) => {
    for (const k of ["id", "label", "usyn", "stored", "parent"] as const) f.set(`rows[${i}].${k}`, r[k]);
  });
  return f;
}

const blank = (over: Partial<CodeRow> = {}): CodeRow => ({ id: "", label: "", usyn: "Y", stored: "", lvl: 1, parent: "", ...over });

describe("code rows", () => {
  it("turns the saved tree into rows and reads them back from a post", () => {
    const rows = rowsOfTree(saved);
    expect(rows.map((r) => [r.id, r.lvl, r.parent, r.stored])).toEqual([["0001800001", 1, "", "Y"], ["0001800003", 2, "0001800001", "Y"], ["0001800002", 1, "", "N"]]);
    const posted = [...rows, blank({ label: "다", parent: "0001800002", lvl: 2 }), blank()];
    expect(readCodeRows(form(posted))).toEqual(posted);
  });

  it("checks label and usage over the whole list, blank new rows aside", () => {
    const rows = rowsOfTree(saved);
    expect(checkCodeRows([...rows, blank(), blank()])).toBeNull();
    expect(checkCodeRows([...rows.slice(0, 2), { ...rows[2], label: " " }])).toEqual({ index: 2, message: MSG.codeNameRequired });
    expect(checkCodeRows([...rows, blank({ label: "라", usyn: "" })])).toEqual({ index: 3, message: OWN_MSG.usynRequired });
  });

  it("finds the saved codes turned to N and puts them back to Y, new rows excepted", () => {
    const rows = rowsOfTree(saved);
    const posted = [{ ...rows[0], usyn: "N" }, rows[1], rows[2], blank({ label: "라", usyn: "N" })];
    expect(turnedOff(posted).map((r) => r.id)).toEqual(["0001800001"]);
    const back = revertUsage(posted);
    expect(back.map((r) => r.usyn)).toEqual(["Y", "Y", "N", "N"]);
  });

  it("builds the save call's tree: updates in place, new rows under their parent or at the end", () => {
    const rows = [...rowsOfTree(saved), blank({ label: "가-2", parent: "0001800001", lvl: 2 }), blank({ label: "다" }), blank()];
    const tree = treeOfRows(rows);
    expect(tree.map((n) => [n.data.label, n.mode])).toEqual([["가", "U"], ["나", "U"], ["다", "I"]]);
    expect(tree[0].children.map((n) => [n.data.label, n.mode, n.data.prtKey, n.data.lvl])).toEqual([["가-1", "U", "0001800001", 2], ["가-2", "I", "0001800001", 2]]);
  });
});
