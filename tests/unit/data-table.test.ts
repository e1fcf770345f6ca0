/**
 * DataTable renders a plain table drawn by its own stylesheet (DataTable.module.css; ADRs 0015,
 * 0052, 0055): the semantics a screen reader and the e2e specs rely on, and the few classes and
 * attributes its stylesheet reads.
 */
import { MantineProvider } from "@mantine/core";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type DataColumn, type DataTableProps } from "~/components/data-table/DataTable";
import s from "~/components/data-table/DataTable.module.css";

interface Row {
  seq: number;
  year: number;
  name: string;
  memo: string | null;
}

const columns: DataColumn<Row>[] = [
  { key: "year", header: "년도", align: "center", width: 60 },
  { key: "name", header: "이름" },
  { key: "memo", header: "메모", wrap: true },
  { key: "actions", header: "관리", pinRight: true, cell: (r, i) => h("button", { type: "button" }, `수정 ${r.name} ${i}`) },
];
const rows: Row[] = [
  { seq: 7, year: 2026, name: "김민수", memo: "첫 번째" },
  { seq: 9, year: 2025, name: "이서연", memo: null },
];

function render(props: Partial<DataTableProps<Row>> = {}): string {
  const table = h(DataTable<Row>, { caption: "학생 목록", columns, rows, rowKey: (r) => r.seq, emptyText: "데이터가 없습니다.", ...props });
  return renderToStaticMarkup(h(MantineProvider, null, table));
}

/** The opening tags of an element, in document order. */
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);
const cellTexts = (html: string, name: "td" | "th") =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "g"))].map((m) => m[1].replace(/<[^>]+>/g, ""));

describe("DataTable markup", () => {
  it("a caption, one column header per column (scope col), one row per record with its cells", () => {
    const html = render({ rowTestId: "student-row", testId: "student-table" });
    expect(html).toContain('<caption class="visually-hidden">학생 목록</caption>');
    expect(tags(html, "table")[0]).toContain('data-testid="student-table"');
    const ths = tags(html, "th");
    expect(ths).toHaveLength(4);
    for (const th of ths) expect(th).toContain('scope="col"');
    expect(cellTexts(html, "th")).toEqual(["년도", "이름", "메모", "관리"]);
    const trs = tags(html, "tr");
    expect(trs.slice(1).every((tr) => tr.includes('data-testid="student-row"'))).toBe(true);
    expect(cellTexts(html, "td")).toEqual(["2026", "김민수", "첫 번째", "수정 김민수 0", "2025", "이서연", "", "수정 이서연 1"]);
  });

  it("alignment, minimum width, wrapping and the pinned column reach the cells, and nothing else: the stylesheet draws bare cells", () => {
    const tds = tags(render(), "td");
    expect(tds[0]).toBe(`<td style="min-width:60px" class="${s.ac}">`);
    expect(tds[1]).toBe("<td>");
    expect(tds[2]).toBe('<td data-wrap="">');
    expect(tds[3]).toBe('<td data-pin-right="">');
    expect(tags(render({ columns: [{ ...columns[1], align: "right" }] }), "td")[0]).toBe(`<td class="${s.ar}">`);
    expect(tags(render(), "tr").slice(1)).toEqual(["<tr>", "<tr>"]);
  });

  it("the head: a bare row of header cells, each with its label aligned as its column", () => {
    const html = render();
    expect(tags(html, "table")[0]).toBe(`<table class="${s.table}">`);
    expect(tags(html, "thead")[0]).toBe(`<thead class="${s.head}">`);
    expect(tags(html, "tr")[0]).toBe("<tr>");
    const ths = tags(html, "th");
    expect(ths[0]).toBe('<th style="min-width:60px" scope="col">');
    expect(ths[1]).toBe('<th scope="col">');
    expect(ths[3]).toBe('<th scope="col" data-pin-right="">');
    expect(html).toContain(`<div class="${s.label} ${s.ac}">년도</div>`);
    expect(html).toContain(`<div class="${s.label}">이름</div>`);
  });

  it("striped rows by default, plain rows on request (the body says so; app.css stripes its odd rows)", () => {
    expect(tags(render(), "tbody")[0]).toContain('data-striped=""');
    expect(tags(render({ striped: false }), "tbody")[0]).not.toContain("data-striped");
  });

  it("the selection column: native checkboxes with the row's key, label and form, ticked when kept", () => {
    const html = render({ selectName: "selected", selectForm: "delete-form", selectedKeys: new Set(["9"]), selectLabel: (r) => `${r.name} 선택` });
    expect(cellTexts(html, "th")[0]).toBe("선택");
    const boxes = tags(html, "input");
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toMatch(/name="selected"/);
    expect(boxes[0]).toMatch(/value="7"/);
    expect(boxes[0]).toMatch(/form="delete-form"/);
    expect(boxes[0]).toMatch(/aria-label="김민수 선택"/);
    expect(boxes[0]).not.toMatch(/checked/);
    expect(boxes[1]).toMatch(/checked=""/);
    expect(render({ selectName: "s" })).toContain('aria-label="2번째 행 선택"');
  });

  it("no records: one row whose cell spans every column and says so", () => {
    const html = render({ rows: [] });
    expect(tags(html, "tbody")).toEqual([`<tbody class="${s.body} ${s.empty}">`]);
    expect(tags(html, "td")).toEqual(['<td colSpan="4">']);
    expect(cellTexts(html, "td")).toEqual(["데이터가 없습니다."]);
  });

  it("a footer row when a column has footer content", () => {
    const html = render({ columns: [{ ...columns[0], footer: "합계" }, columns[1]] });
    expect(html).toContain(`<tfoot class="${s.foot}"><tr><th style="min-width:60px" class="${s.ac}">합계</th><th></th></tr></tfoot>`);
    expect(render()).not.toContain("<tfoot");
  });
});
