/**
 * The page frame (AppFrame, ADR 0048) is Mantine's AppShell composition written as plain markup:
 * what the server writes must be what Mantine's components write with the same inputs, in the
 * app's theme, so Mantine's stylesheet draws it the same (at every width: the AppShell's size
 * rules are part of the markup compared) and a Mantine upgrade that changes the markup is noticed
 * here. `MantineFrame` below is the composition the frame had before it was written out.
 */
import { MantineProvider } from "@mantine/core";
import { ActionIcon } from "~mantine/components/ActionIcon/ActionIcon";
import { Anchor } from "~mantine/components/Anchor/Anchor";
import { AppShell } from "~mantine/components/AppShell/AppShell";
import { Badge } from "~mantine/components/Badge/Badge";
import { Button } from "~mantine/components/Button/Button";
import { Group } from "~mantine/components/Group/Group";
import { Stack } from "~mantine/components/Stack/Stack";
import { Text } from "~mantine/components/Text/Text";
import { UnstyledButton } from "~mantine/components/UnstyledButton/UnstyledButton";
import { Box } from "~mantine/core/Box/Box";
import { Form, Link, useLocation } from "@remix-run/react";
import { IconBell, IconMenu2, IconUserCircle } from "@tabler/icons-react";
import { createElement, Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { CsrfField } from "~/components/form/field-state";
import { AppFrame, type AppFrameProps, type BellData, type FrameUser } from "~/components/layout/AppFrame";
import type { MenuNode } from "~/components/layout/menuTree";
import { SideMenu } from "~/components/layout/SideMenu";
import { MSG } from "~/schemas/messages.ko";
import { theme } from "~/theme";

/** createElement, loosely typed: Mantine's polymorphic components have no createElement overload */
const h = createElement as unknown as (type: unknown, props?: Record<string, unknown> | null, ...children: ReactNode[]) => ReactElement;

type Props = AppFrameProps;

/** The frame as Mantine's components (its server render: the menu as the request asks). */
function MantineFrame({ user, menus, menuError, bell, navOpen: opened, children }: Props) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (opened) params.delete("nav");
  else params.set("nav", "open");
  const toggleHref = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const here = `${location.pathname}${location.search}`;
  const moreLink = (to: string, label: string) => h(Anchor, { component: Link, to, size: "sm", mt: "sm", display: "inline-block" }, label);

  const bellPopup = h(
    "details",
    { className: "popup" },
    h(
      "summary",
      { className: "popup-trigger", "aria-label": `알림 ${bell.unread}건`, "data-testid": "bell" },
      h(IconBell, { size: 22, "aria-hidden": true }),
      bell.unread > 0
        ? h(Badge, { size: "sm", color: "red.9", circle: true, className: "popup-badge", "aria-hidden": true, "data-testid": "bell-count" }, bell.unread > 99 ? "99+" : bell.unread)
        : null,
    ),
    h(
      Box,
      { className: "popup-panel", w: 340 },
      h(
        Group,
        { justify: "space-between", mb: "xs" },
        h(Text, { fw: 700 }, "알림 ", bell.unread, "건"),
        h(
          Form,
          { method: "post", action: "/messenger" },
          h(CsrfField),
          h("input", { type: "hidden", name: "intent", value: "readAll" }),
          h("input", { type: "hidden", name: "redirectTo", value: here }),
          h(Button, { type: "submit", variant: "subtle", size: "compact-sm" }, "모두 읽음"),
        ),
      ),
      bell.error
        ? h(Text, { size: "sm", c: "red.9" }, bell.error)
        : bell.recent.length === 0
          ? h(Text, { size: "sm" }, MSG.noNotifications)
          : h(
              Stack,
              { gap: 6, component: "ul", style: { listStyle: "none", padding: 0, margin: 0 } },
              bell.recent.map((m) =>
                h(
                  "li",
                  { key: m.mhSeq },
                  h("span", { className: "bell-text", "data-unread": m.readYn === "Y" ? undefined : "true" }, m.text),
                  h("span", { className: "bell-meta" }, m.userNm, " · ", m.regDt),
                ),
              ),
            ),
      moreLink("/messenger", "전체 메시지 보기"),
    ),
  );

  const profilePopup = h(
    "details",
    { className: "popup" },
    h(
      "summary",
      { className: "popup-trigger", "aria-label": `내 정보: ${user.userNm}` },
      h(IconUserCircle, { size: 24, "aria-hidden": true }),
      h(Text, { component: "span", size: "sm", visibleFrom: "sm", ml: 4 }, user.userNm),
    ),
    h(
      Box,
      { className: "popup-panel", w: 240 },
      h(Text, { fw: 700 }, user.userNm),
      h(Text, { size: "sm" }, "아이디: ", user.userId),
      h(Text, { size: "sm" }, "소속: ", user.dptNm || "-"),
      moreLink("/myProfile", "내 정보"),
    ),
  );

  return h(
    Fragment,
    null,
    h("a", { href: "#main", className: "skip-link" }, "본문 바로가기"),
    h(
      AppShell,
      { header: { height: 60 }, navbar: { width: 280, breakpoint: "lg", collapsed: { mobile: !opened } }, footer: { height: 44 }, padding: "md" },
      h(
        AppShell.Header,
        { component: "header" },
        h(
          Group,
          { h: "100%", px: "md", justify: "space-between", wrap: "nowrap" },
          h(
            Group,
            { gap: "sm", wrap: "nowrap" },
            h(
              ActionIcon,
              {
                component: Link,
                to: toggleHref,
                preventScrollReset: true,
                replace: true,
                variant: "subtle",
                color: "dark",
                size: "lg",
                hiddenFrom: "lg",
                className: "nav-toggle",
                "aria-label": opened ? "메뉴 닫기" : "메뉴 열기",
                "aria-controls": "side-menu",
              },
              h(IconMenu2, { size: 22, "aria-hidden": true }),
            ),
            h(UnstyledButton, { component: Link, to: "/dashboard", className: "brand" }, h(Text, { fw: 800, size: "lg", c: "indigo.9" }, "교육평가 자료관리")),
          ),
          h(
            Group,
            { gap: "xs", wrap: "nowrap" },
            bellPopup,
            profilePopup,
            h(Form, { method: "post", action: "/logout" }, h(CsrfField), h(Button, { type: "submit", variant: "default", size: "xs" }, "로그아웃")),
          ),
        ),
      ),
      h(
        AppShell.Navbar,
        { component: "nav", id: "side-menu", "aria-label": "주 메뉴", p: "xs" },
        h(
          AppShell.Section,
          { grow: true, className: "menu-scroll" },
          menuError ? h(Text, { role: "alert", c: "red.9", size: "sm", p: "sm" }, menuError) : h(SideMenu, { menus, path: location.pathname }),
        ),
      ),
      h(AppShell.Main, { id: "main", tabIndex: -1, component: "main" }, children),
      h(
        AppShell.Footer,
        { component: "footer", px: "md" },
        h(Group, { h: "100%", justify: "space-between" }, h(Text, { size: "xs", c: "dimmed" }, "의과대학 교육평가 자료관리"), h(Text, { size: "xs", c: "dimmed" }, "문의: 의학교육실")),
      ),
    ),
  );
}

/** A server render of `frame` at `url`, under the app's provider and a root route with a CSRF token. */
async function render(frame: (p: Props) => ReactNode, props: Omit<Props, "children">, url: string) {
  const routes = [
    { id: "root", path: "/", loader: () => ({ csrf: "csrf-token" }), children: [{ path: "*", element: h(frame, { ...props, children: h("p", null, "본문") }) }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false }, h(StaticRouterProvider, { router, context, hydrate: false })));
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
    children: [
      { menuSeq: 3, menuLvl: 2, menuTy: "P", menuNm: "환자안전", menuUrl: "/insert/eval/patient-safety", children: [] },
      { menuSeq: 4, menuLvl: 2, menuTy: "P", menuNm: "준비중", menuUrl: "", children: [] },
    ],
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

const cases: [string, Omit<Props, "children">, string][] = [
  ["menu folded, no messages", { user, menus, menuError: null, bell: noBell, navOpen: false }, "/insert/eval/patient-safety?year=2026"],
  ["menu open, messages", { user, menus, menuError: null, bell, navOpen: true }, "/dashboard?nav=open"],
  ["three messages unread", { user: { ...user, dptNm: null }, menus, menuError: null, bell: { ...bell, unread: 3 }, navOpen: false }, "/dashboard"],
  ["bell and menu failed", { user, menus: [], menuError: MSG.menuLoadError, bell: { unread: 0, recent: [], error: "알림을 불러오지 못했습니다." }, navOpen: false }, "/myProfile"],
];

describe("AppFrame", () => {
  for (const [name, props, url] of cases) {
    it(`writes Mantine's AppShell markup (${name})`, async () => {
      const mine = await render(AppFrame, props, url);
      const mantine = await render(MantineFrame, props, url);
      expect(mine).toBe(mantine);
    });
  }

  it("writes what a user reads", async () => {
    const html = await render(AppFrame, cases[1][1], cases[1][2]);
    expect(html).toContain('aria-label="메뉴 닫기"');
    expect(html).toContain('aria-label="알림 120건"');
    expect(html).toContain('data-testid="bell-count"><span class="m_5add502a mantine-Badge-label">99+</span>');
    expect(html).toContain('<input type="hidden" name="_csrf" value="csrf-token"/>');
    expect(html).toContain("@media(max-width: 75em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;}}");
    const folded = await render(AppFrame, cases[0][1], cases[0][2]);
    expect(folded).toContain('href="/insert/eval/patient-safety?year=2026&amp;nav=open"');
    expect(folded).toContain("--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1))");
    expect(folded).toContain(`>${MSG.noNotifications}</p>`);
  });
});
