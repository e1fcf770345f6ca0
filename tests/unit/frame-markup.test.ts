/**
 * The page frame (AppFrame, ADR 0048) is plain markup drawn by its own stylesheet
 * (AppFrame.module.css, ADR 0055). Its server render is checked here for what a user and the
 * stylesheet rely on: the landmarks and the skip link, the menu toggle as a link that works
 * without JavaScript, the fold as a data attribute the stylesheet reads (no size rules written into
 * the page), the bell and its count, the posts with their CSRF field, the failures' messages.
 */
import { MantineProvider } from "@mantine/core";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { AppFrame, type AppFrameProps, type BellData, type FrameUser } from "~/components/layout/AppFrame";
import f from "~/components/layout/AppFrame.module.css";
import type { MenuNode } from "~/components/layout/menuTree";
import { MSG } from "~/schemas/messages.ko";
import { theme } from "~/theme";

/** createElement, loosely typed */
const h = createElement as unknown as (type: unknown, props?: Record<string, unknown> | null, ...children: ReactNode[]) => ReactElement;

type Props = Omit<AppFrameProps, "children">;

/** A server render of the frame at `url`, under the app's provider and a root route with a CSRF token. */
async function render(props: Props, url: string) {
  const routes = [{ id: "root", path: "/", loader: () => ({ csrf: "csrf-token" }), children: [{ path: "*", element: h(AppFrame, { ...props, children: h("p", null, "본문") }) }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false }, h(StaticRouterProvider, { router, context, hydrate: false })));
  // the provider's own responsive classes come first
  return html.replace(/^<style data-mantine-styles="classes">.*?<\/style>/, "");
}

const user: FrameUser = { userId: "admin", userNm: "관리자", dptNm: "의학교육실" };
const menus: MenuNode[] = [
  { menuSeq: 1, menuLvl: 1, menuTy: "P", menuNm: "대시보드", menuUrl: "/dashboard", children: [] },
  {
    menuSeq: 2,
    menuLvl: 1,
    menuTy: "M",
    menuNm: "평가",
    menuUrl: "",
    children: [{ menuSeq: 3, menuLvl: 2, menuTy: "P", menuNm: "환자안전", menuUrl: "/insert/eval/patient-safety", children: [] }],
  },
];
const noBell: BellData = { unread: 0, recent: [] };
const bell: BellData = {
  unread: 120,
  recent: [
    { mhSeq: 7, text: "회의 일정 안내", regDt: "2026-11-25 09:00", userNm: "김교수", readYn: "N" },
    { mhSeq: 6, text: "자료 제출 요청", regDt: "2026-11-24 17:30", userNm: "이조교", readYn: "Y" },
  ],
};

/** the opening tag of the first element carrying `attr` */
const tagWith = (html: string, attr: string) => new RegExp(`<[a-z]+ [^>]*${attr}[^>]*>`).exec(html)?.[0] ?? "";

describe("AppFrame", () => {
  it("the landmarks, the skip link and the page's content", async () => {
    const html = await render({ user, menus, menuError: null, bell: noBell, navOpen: false }, "/dashboard");
    expect(html).toMatch(/^<a href="#main" class="skip-link">본문 바로가기<\/a>/);
    expect(html).toContain(`<header class="${f.header} right-scroll-bar-position">`);
    expect(html).toContain(`<nav class="${f.navbar}" id="side-menu" aria-label="주 메뉴">`);
    expect(html).toContain(`<main class="${f.main}" id="main" tabindex="-1"><p>본문</p></main>`);
    expect(html).toContain(`<footer class="${f.footer} right-scroll-bar-position">`);
    expect(html).toContain('href="/dashboard"><p');
    expect(html).toContain("교육평가 자료관리</p>");
    // drawn by the stylesheet alone: no size rules written into the page, nothing of Mantine's
    expect(html).not.toContain("<style");
    expect(html).not.toMatch(/\bm_[0-9a-f]{7,8}\b|mantine-[A-Z]/);
  });

  it("the menu folded: the toggle opens it by a link (no JavaScript needed), the frame says it is folded", async () => {
    const html = await render({ user, menus, menuError: null, bell: noBell, navOpen: false }, "/insert/eval/patient-safety?year=2026");
    const toggle = tagWith(html, 'aria-controls="side-menu"');
    expect(toggle).toContain('aria-label="메뉴 열기"');
    expect(toggle).toContain('href="/insert/eval/patient-safety?year=2026&amp;nav=open"');
    expect(toggle).not.toContain("aria-expanded");
    const frame = tagWith(html, `class="${f.frame}"`);
    expect(frame).not.toContain("data-nav-open");
    // no sliding until a moment after hydration
    expect(frame).toContain('data-resizing="true"');
  });

  it("the menu open: the toggle closes it, the frame says it is open", async () => {
    const html = await render({ user, menus, menuError: null, bell, navOpen: true }, "/dashboard?nav=open");
    const toggle = tagWith(html, 'aria-controls="side-menu"');
    expect(toggle).toContain('aria-label="메뉴 닫기"');
    expect(toggle).toContain('href="/dashboard"');
    expect(tagWith(html, `class="${f.frame}"`)).toContain('data-nav-open="true"');
  });

  it("the bell: its count (99 at most shown), the latest messages, mark-all-read and logout posts with the CSRF field", async () => {
    const html = await render({ user, menus, menuError: null, bell, navOpen: false }, "/dashboard");
    expect(html).toContain('aria-label="알림 120건"');
    expect(html).toContain(`<div class="${f.count}" aria-hidden="true" data-testid="bell-count"><span>99+</span></div>`);
    expect(html).toContain('<span class="bell-text" data-unread="true">회의 일정 안내</span>');
    expect(html).toContain('<span class="bell-text">자료 제출 요청</span>');
    expect(html).toMatch(/<form method="post" action="\/messenger"[^>]*><input type="hidden" name="_csrf" value="csrf-token"\/><input type="hidden" name="intent" value="readAll"\/><input type="hidden" name="redirectTo" value="\/dashboard"\/><button/);
    expect(html).toMatch(/<form method="post" action="\/logout"[^>]*><input type="hidden" name="_csrf" value="csrf-token"\/><button/);
    expect(html).toContain("전체 메시지 보기</a>");
    expect(html).toContain("아이디: admin");
    expect(html).toContain("소속: 의학교육실");

    const three = await render({ user: { ...user, dptNm: null }, menus, menuError: null, bell: { ...bell, unread: 3 }, navOpen: false }, "/dashboard");
    expect(three).toContain("<span>3</span>");
    expect(three).toContain("소속: -");
    const none = await render({ user, menus, menuError: null, bell: noBell, navOpen: false }, "/dashboard");
    expect(none).not.toContain('data-testid="bell-count"');
    expect(none).toContain(`>${MSG.noNotifications}</p>`);
  });

  it("the bell and the menu failing say so", async () => {
    const html = await render({ user, menus: [], menuError: MSG.menuLoadError, bell: { unread: 0, recent: [], error: "알림을 불러오지 못했습니다." }, navOpen: false }, "/myProfile");
    expect(html).toContain(`role="alert">${MSG.menuLoadError}</p>`);
    expect(html).toContain(">알림을 불러오지 못했습니다.</p>");
  });
});
