/**
 * The list kit's buttons, groups, stack and page title are Mantine's as plain markup
 * (components/ui/plain.tsx, ADR 0049): what the server writes must be what Mantine's components
 * write with the same props in the app's theme, so Mantine's stylesheet draws them the same, and a
 * Mantine upgrade that changes the markup is noticed here.
 */
import { MantineProvider } from "@mantine/core";
import { Button } from "~mantine/components/Button/Button";
import { Group } from "~mantine/components/Group/Group";
import { Stack } from "~mantine/components/Stack/Stack";
import { Title } from "~mantine/components/Title/Title";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageTitle, PlainButton, PlainGroup, PlainStack } from "~/components/ui/plain";
import { theme } from "~/theme";

const render = (el: React.ReactElement) =>
  renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false }, el)).replace(/<style[^>]*>.*?<\/style>/gs, "");

describe("PlainButton", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["a submit button without a variant", { type: "submit" }],
    ["a default link", { component: "a", href: "/x?a=1&b=2", variant: "default" }],
    ["a compact default link with its label", { component: "a", href: "/x", variant: "default", size: "compact-sm", "aria-label": "이전 페이지" }],
    ["the current page", { component: "a", href: "/x", variant: "filled", size: "compact-sm", "aria-current": "page" }],
    ["a light button with an icon", { type: "submit", variant: "light", leftSection: h("svg", { "aria-hidden": true }) }],
    ["a small subtle submit button", { type: "submit", variant: "subtle", size: "compact-sm" }],
    ["an extra-small default button", { type: "submit", variant: "default", size: "xs" }],
    ["a default link with an icon", { component: "a", href: "/x/excel", variant: "default", leftSection: h("svg", { "aria-hidden": true }) }],
  ];
  for (const [name, props] of cases) {
    it(`writes Mantine's Button markup: ${name}`, () => {
      const mine = render(h(PlainButton, props as never, "검색 <b>"));
      expect(mine).toBe(render(h(Button as never, props as never, "검색 <b>")));
      expect(mine).toContain("검색 &lt;b&gt;");
    });
  }
});

describe("PlainGroup, PlainStack and PageTitle", () => {
  const groups: Record<string, unknown>[] = [
    {},
    { gap: "xs", align: "flex-end", wrap: "nowrap" },
    { justify: "space-between", align: "flex-end" },
    { justify: "space-between", mt: "sm", wrap: "wrap", gap: "sm" },
    { gap: 4, component: "ul", style: { listStyle: "none", margin: 0, padding: 0 } },
    { gap: 6, align: "flex-end", className: "extra" },
    { gap: "sm", mt: 6, wrap: "wrap" },
  ];
  for (const props of groups) {
    it(`writes Mantine's Group markup for ${JSON.stringify(props)}`, () => {
      expect(render(h(PlainGroup, props as never, "가"))).toBe(render(h(Group, props as never, "가")));
    });
  }
  it("writes Mantine's Stack and Title markup", () => {
    expect(render(h(PlainStack, { gap: "md", children: "가" }))).toBe(render(h(Stack, { gap: "md" }, "가")));
    expect(render(h(PlainStack, { gap: "sm", children: "가" }))).toBe(render(h(Stack, { gap: "sm" }, "가")));
    expect(render(h(PageTitle, { children: "학생 명부" }))).toBe(render(h(Title, { order: 1, size: "h2" }, "학생 명부")));
  });
});
