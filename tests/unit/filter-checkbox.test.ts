/**
 * A list filter's checkbox (FilterCheckbox, ADR 0046) is Mantine's small Checkbox as plain markup:
 * what the server writes must be what Mantine's component writes, in the app's theme, so
 * Mantine's stylesheet draws it the same and a Mantine upgrade that changes it is noticed here.
 */
import { MantineProvider } from "@mantine/core";
import { Checkbox } from "~mantine/components/Checkbox/Checkbox";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterCheckbox } from "~/components/data-table/FilterBar";
import { theme } from "~/theme";

const render = (el: React.ReactElement) =>
  renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false }, el))
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    // ids differ by the hook that made them
    .replace(/(id|for)="[^"]+"/g, '$1="ID"');

describe("FilterCheckbox", () => {
  for (const checked of [true, false]) {
    it(`writes Mantine's Checkbox markup (${checked ? "ticked" : "not ticked"})`, () => {
      const mine = render(h(FilterCheckbox, { name: "grde", value: "ALL", label: "전체", defaultChecked: checked, onChange: () => {} }));
      const mantine = render(h(Checkbox, { name: "grde", value: "ALL", label: "전체", defaultChecked: checked, onChange: () => {}, size: "sm" }));
      expect(mine).toBe(mantine);
      expect(mine).toContain('name="grde"');
    });
  }
});
