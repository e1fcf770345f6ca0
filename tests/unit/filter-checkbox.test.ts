/**
 * A list filter's checkbox (FilterCheckbox, ADR 0046) is a native checkbox with its label, drawn
 * as Mantine's small Checkbox by our own stylesheet (FilterBar.module.css, ADR 0055): what the
 * server writes is the box, its decorative tick and a label tied to it, nothing of Mantine's.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterCheckbox } from "~/components/data-table/FilterBar";
import c from "~/components/data-table/FilterBar.module.css";

describe("FilterCheckbox", () => {
  for (const checked of [true, false]) {
    it(`a native checkbox, its name and value, labelled (${checked ? "ticked" : "not ticked"})`, () => {
      const html = renderToStaticMarkup(h(FilterCheckbox, { name: "grde", value: "ALL", label: "전체 <b>", defaultChecked: checked, onChange: () => {} }));
      const input = /<input [^>]*>/.exec(html)![0];
      expect(input).toContain(`class="${c.input}"`);
      expect(input).toContain('name="grde"');
      expect(input).toContain('type="checkbox"');
      expect(input).toContain('value="ALL"');
      expect(input.includes('checked=""')).toBe(checked);
      const id = /id="([^"]+)"/.exec(input)![1];
      expect(html).toContain(`<label class="${c.label}" for="${id}">전체 &lt;b&gt;</label>`);
      // the tick is drawn for sighted users only
      expect(html).toMatch(new RegExp(`<svg [^>]*aria-hidden="true" class="${c.icon}"`));
      expect(html).not.toMatch(/mantine/);
    });
  }

  it("two boxes get two ids", () => {
    const html = renderToStaticMarkup(
      h("div", null, h(FilterCheckbox, { name: "g", value: "1", label: "1학년", defaultChecked: false }), h(FilterCheckbox, { name: "g", value: "2", label: "2학년", defaultChecked: false })),
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});
