/**
 * The list kit's buttons, groups, stack and page title (components/ui/plain.tsx) are our own
 * markup drawn by plain.module.css (ADR 0055): what the server writes is the element, its own
 * classes and the few data attributes and inline styles the stylesheet reads, nothing of Mantine's.
 * How it looks is held by the screenshots of the ADR and the e2e specs; this holds the markup.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageTitle, PlainButton, PlainGroup, PlainStack, type PlainButtonProps } from "~/components/ui/plain";
import s from "~/components/ui/plain.module.css";

const render = (el: React.ReactElement) => renderToStaticMarkup(el);
const button = (props: Record<string, unknown>, label: string) => render(h(PlainButton, { ...props, children: label } as PlainButtonProps));
const inner = (label: string) => `<span class="${s.inner}"><span class="${s.label}">${label}</span></span>`;

describe("PlainButton", () => {
  it("a submit button: the filled look, the label escaped", () => {
    expect(button({ type: "submit" }, "검색 <b>")).toBe(`<button class="${s.button}" type="submit">${inner("검색 &lt;b&gt;")}</button>`);
  });

  it("a link in a variant and size, with its own attributes", () => {
    expect(button({ component: "a", href: "/x?a=1&b=2", variant: "default", size: "compact-sm", "aria-label": "이전 페이지" }, "‹")).toBe(
      `<a class="${s.button}" data-variant="default" data-size="compact-sm" href="/x?a=1&amp;b=2" aria-label="이전 페이지">${inner("‹")}</a>`,
    );
    expect(button({ component: "a", href: "/x", variant: "filled", size: "compact-sm", "aria-current": "page" }, "1")).toContain('data-variant="filled" data-size="compact-sm" href="/x" aria-current="page"');
    expect(button({ type: "submit", variant: "default", size: "xs" }, "로그아웃")).toContain('data-variant="default" data-size="xs"');
  });

  it("an icon goes before the label in its own section", () => {
    const html = button({ component: "a", href: "/x/excel", variant: "default", leftSection: h("svg", { "aria-hidden": true }) }, "엑셀 다운로드");
    expect(html).toBe(
      `<a class="${s.button}" data-variant="default" data-with-left-section="" href="/x/excel"><span class="${s.inner}"><span class="${s.section}"><svg aria-hidden="true"></svg></span><span class="${s.label}">엑셀 다운로드</span></span></a>`,
    );
  });
});

describe("PlainGroup, PlainStack and PageTitle", () => {
  it("a group writes only what differs from the stylesheet's defaults (gap md, centred, from the start, wrapping)", () => {
    expect(render(h(PlainGroup, null, "가"))).toBe(`<div class="${s.group}">가</div>`);
    expect(render(h(PlainGroup, { gap: "xs", align: "flex-end", wrap: "nowrap" }, "가"))).toBe(
      `<div style="gap:var(--mantine-spacing-xs);align-items:flex-end;flex-wrap:nowrap" class="${s.group}">가</div>`,
    );
    expect(render(h(PlainGroup, { justify: "space-between", mt: "sm", gap: "sm" }, "가"))).toBe(
      `<div style="gap:var(--mantine-spacing-sm);justify-content:space-between;margin-top:var(--mantine-spacing-sm)" class="${s.group}">가</div>`,
    );
    // a number is pixels, scaled as Mantine scales them
    expect(render(h(PlainGroup, { gap: 6, mt: 6 }, "가"))).toContain('style="gap:calc(0.375rem * var(--mantine-scale));margin-top:calc(0.375rem * var(--mantine-scale))"');
  });

  it("a group as a list, with a class and styles of its own", () => {
    expect(render(h(PlainGroup, { gap: 4, component: "ul", style: { listStyle: "none", margin: 0, padding: 0 } }, h("li", null, "1")))).toBe(
      `<ul style="gap:calc(0.25rem * var(--mantine-scale));list-style:none;margin:0;padding:0" class="${s.group}"><li>1</li></ul>`,
    );
    expect(render(h(PlainGroup, { className: "extra" }, "가"))).toBe(`<div class="${s.group} extra">가</div>`);
  });

  it("a stack and a page title", () => {
    expect(render(h(PlainStack, { children: "가" }))).toBe(`<div class="${s.stack}">가</div>`);
    expect(render(h(PlainStack, { gap: "sm", children: "가" }))).toBe(`<div style="gap:var(--mantine-spacing-sm)" class="${s.stack}">가</div>`);
    expect(render(h(PageTitle, { children: "학생 명부" }))).toBe(`<h1 class="${s.title}">학생 명부</h1>`);
  });
});
