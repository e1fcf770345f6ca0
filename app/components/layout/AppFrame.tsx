/**
 * The page frame of every signed-in page (spec 000 §2 "Page frame"): header with the bell, the
 * profile popup and logout; the two-level side menu, folded below 1200 px; the fixed footer; a
 * skip link and the header/nav/main/footer landmarks. Popups are <details> disclosures and the
 * menu toggle is a link (?nav=open), so all of it works without JavaScript; with JavaScript the
 * toggle switches in place and the popups close on Escape or an outside click.
 *
 * It is rendered on every signed-in page, so it is written as plain elements with Mantine's own
 * classes, data attributes and CSS variables (Mantine's stylesheet draws it), not with Mantine's
 * components: AppShell, Group, Text, ActionIcon, UnstyledButton, Badge, Button, Stack and Anchor
 * with their style props were about a sixth of a list page's server render (ADR 0048).
 * tests/unit/frame-markup.test.ts holds this markup to what those components write.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { IconBell, IconMenu2, IconUserCircle } from "@tabler/icons-react";
import { startTransition, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";
import { PlainButton, PlainGroup } from "~/components/ui/plain";
import { MSG } from "~/schemas/messages.ko";
import { SideMenu } from "./SideMenu";
import type { MenuNode } from "./menuTree";
import { useHydrated } from "./useHydrated";

export interface FrameUser {
  userId: string;
  userNm: string;
  dptNm?: string | null;
}

export interface BellData {
  unread: number;
  recent: { mhSeq: number; text: string; regDt: string; userNm: string; readYn: string }[];
  error?: string | null;
}

/**
 * What AppShell writes for its sizes (header 60, navbar 280 folding below Mantine's lg breakpoint,
 * 1200 px, spec 000 §9; footer 44; padding md), byte for byte, for the menu folded and open: two
 * constant strings instead of the sizes worked out on every render.
 */
const SHELL_SIZES =
  ":root{--app-shell-navbar-width:calc(17.5rem * var(--mantine-scale));--app-shell-navbar-offset:calc(17.5rem * var(--mantine-scale));--app-shell-header-height:calc(3.75rem * var(--mantine-scale));--app-shell-header-offset:calc(3.75rem * var(--mantine-scale));--app-shell-footer-height:calc(2.75rem * var(--mantine-scale));--app-shell-footer-offset:calc(2.75rem * var(--mantine-scale));--app-shell-padding:var(--mantine-spacing-md);}";
export const SHELL_CSS_FOLDED = `${SHELL_SIZES}@media(max-width: 74.99375em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1));--app-shell-navbar-transform-rtl:translateX(var(--app-shell-navbar-width));}}`;
export const SHELL_CSS_OPEN = `${SHELL_SIZES}@media(max-width: 75em){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;}}`;

const TRANSITION_MS = 200;

/** Mantine's classes of the pieces (AppShell's parts, Text, Anchor, ActionIcon, Badge; Button and Group are ui/plain's) */
const C = {
  root: "m_89ab340 mantine-AppShell-root",
  header: "m_3b16f56b mantine-AppShell-header right-scroll-bar-position",
  navbar: "m_45252eee mantine-AppShell-navbar",
  section: "m_6dcfc7c7 mantine-AppShell-section menu-scroll",
  main: "m_8983817 mantine-AppShell-main",
  footer: "m_3840c879 mantine-AppShell-footer right-scroll-bar-position",
  text: "mantine-focus-auto m_b6d8b162 mantine-Text-root",
  anchor: "mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root",
  toggle: "mantine-focus-auto mantine-active nav-toggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-lg",
  brand: "mantine-focus-auto brand m_87cf2631 mantine-UnstyledButton-root",
  badge: "popup-badge m_347db0ec mantine-Badge-root",
};

/** the CSS variables and style props Mantine writes on each piece, made once */
const v = (o: Record<string, string>) => o as CSSProperties;
const textSize = (size: "xs" | "sm" | "lg") => ({ "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` });
const S = {
  root: v({ "--app-shell-transition-duration": `${TRANSITION_MS}ms`, "--app-shell-transition-timing-function": "ease" }),
  header: v({ "--app-shell-header-z-index": "100" }),
  navbar: v({ "--app-shell-navbar-z-index": "calc(100 + 1)", padding: "var(--mantine-spacing-xs)" }),
  footer: v({ "--app-shell-footer-z-index": "100", paddingInline: "var(--mantine-spacing-md)" }),
  toggle: v({
    "--ai-size": "var(--ai-size-lg)",
    "--ai-bg": "transparent",
    "--ai-hover": "var(--mantine-color-dark-light-hover)",
    "--ai-color": "var(--mantine-color-dark-light-color)",
    "--ai-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
  }),
  brand: v({ ...textSize("lg"), color: "var(--mantine-color-indigo-9)", fontWeight: "800" }),
  badge: v({
    "--badge-height": "var(--badge-height-sm)",
    "--badge-padding-x": "var(--badge-padding-x-sm)",
    "--badge-fz": "var(--badge-fz-sm)",
    "--badge-bg": "var(--mantine-color-red-9)",
    "--badge-color": "var(--mantine-color-white)",
    "--badge-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
  }),
  bold: v({ fontWeight: "700" }),
  sm: v(textSize("sm")),
  smRed: v({ ...textSize("sm"), color: "var(--mantine-color-red-9)" }),
  menuError: v({ ...textSize("sm"), padding: "var(--mantine-spacing-sm)", color: "var(--mantine-color-red-9)" }),
  userName: v({ ...textSize("sm"), marginLeft: "calc(0.25rem * var(--mantine-scale))" }),
  xsDimmed: v({ ...textSize("xs"), color: "var(--mantine-color-dimmed)" }),
  anchor: v({ ...textSize("sm"), marginTop: "var(--mantine-spacing-sm)", display: "inline-block" }),
  headerRow: v({ paddingInline: "var(--mantine-spacing-md)", height: "100%" }),
  bellHead: v({ marginBottom: "var(--mantine-spacing-xs)" }),
  full: v({ height: "100%" }),
  bellPanel: v({ width: "calc(21.25rem * var(--mantine-scale))" }),
  profilePanel: v({ width: "calc(15rem * var(--mantine-scale))" }),
  bellList: v({
    "--stack-gap": "calc(0.375rem * var(--mantine-scale))",
    "--stack-align": "stretch",
    "--stack-justify": "flex-start",
    listStyle: "none",
    padding: "0",
    margin: "0",
  }),
};

/** Closes an open <details> popup on Escape or a click outside it (JavaScript only). */
function useDetailsDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && el.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (el.open && !el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return ref;
}

/**
 * AppShell's data-resizing: set from the server render until a moment after hydration and while
 * the window is being resized, so the navbar does not slide when the width crosses 1200 px.
 */
function useResizing() {
  const [resizing, setResizing] = useState(true);
  useEffect(() => {
    const settle = () => window.setTimeout(() => startTransition(() => setResizing(false)), TRANSITION_MS);
    let timer = settle();
    const onResize = () => {
      setResizing(true);
      window.clearTimeout(timer);
      timer = settle();
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return resizing;
}

/** Mantine's small Anchor below a popup's text */
function PanelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link style={S.anchor} className={C.anchor} data-size="sm" data-underline="hover" to={to}>
      {children}
    </Link>
  );
}

function Bell({ bell, here }: { bell: BellData; here: string }) {
  const ref = useDetailsDismiss();
  return (
    <details className="popup" ref={ref}>
      <summary className="popup-trigger" aria-label={`알림 ${bell.unread}건`} data-testid="bell">
        <IconBell size={22} aria-hidden />
        {bell.unread > 0 ? (
          <div style={S.badge} className={C.badge} data-size="sm" data-circle="true" aria-hidden="true" data-testid="bell-count">
            <span className="m_5add502a mantine-Badge-label">{bell.unread > 99 ? "99+" : bell.unread}</span>
          </div>
        ) : null}
      </summary>
      <div style={S.bellPanel} className="popup-panel">
        <PlainGroup justify="space-between" style={S.bellHead}>
          <p style={S.bold} className={C.text}>
            알림 {bell.unread}건
          </p>
          <Form method="post" action="/messenger">
            <CsrfField />
            <input type="hidden" name="intent" value="readAll" />
            <input type="hidden" name="redirectTo" value={here} />
            <PlainButton type="submit" variant="subtle" size="compact-sm">
              모두 읽음
            </PlainButton>
          </Form>
        </PlainGroup>
        {bell.error ? (
          <p style={S.smRed} className={C.text} data-size="sm">
            {bell.error}
          </p>
        ) : bell.recent.length === 0 ? (
          <p style={S.sm} className={C.text} data-size="sm">
            {MSG.noNotifications}
          </p>
        ) : (
          <ul style={S.bellList} className="m_6d731127 mantine-Stack-root">
            {bell.recent.map((m) => (
              <li key={m.mhSeq}>
                <span className="bell-text" data-unread={m.readYn === "Y" ? undefined : "true"}>
                  {m.text}
                </span>
                <span className="bell-meta">
                  {m.userNm} · {m.regDt}
                </span>
              </li>
            ))}
          </ul>
        )}
        <PanelLink to="/messenger">전체 메시지 보기</PanelLink>
      </div>
    </details>
  );
}

function Profile({ user }: { user: FrameUser }) {
  const ref = useDetailsDismiss();
  return (
    <details className="popup" ref={ref}>
      <summary className="popup-trigger" aria-label={`내 정보: ${user.userNm}`}>
        <IconUserCircle size={24} aria-hidden />
        <span style={S.userName} className={`${C.text} mantine-visible-from-sm`} data-size="sm">
          {user.userNm}
        </span>
      </summary>
      <div style={S.profilePanel} className="popup-panel">
        <p style={S.bold} className={C.text}>
          {user.userNm}
        </p>
        <p style={S.sm} className={C.text} data-size="sm">
          아이디: {user.userId}
        </p>
        <p style={S.sm} className={C.text} data-size="sm">
          소속: {user.dptNm || "-"}
        </p>
        <PanelLink to="/myProfile">내 정보</PanelLink>
      </div>
    </details>
  );
}

export interface AppFrameProps {
  user: FrameUser;
  menus: MenuNode[];
  menuError: string | null;
  bell: BellData;
  navOpen: boolean;
  children: ReactNode;
}

export function AppFrame({ user, menus, menuError, bell, navOpen, children }: AppFrameProps) {
  const location = useLocation();
  const hydrated = useHydrated();
  const resizing = useResizing();
  const navigation = useNavigation();
  const [opened, setOpened] = useState(navOpen);
  useEffect(() => setOpened(navOpen), [navOpen]);
  // a navigation to another page folds the menu again on narrow screens
  useEffect(() => {
    if (navigation.state === "loading") setOpened(false);
  }, [navigation.state]);

  const params = new URLSearchParams(location.search);
  if (opened) params.delete("nav");
  else params.set("nav", "open");
  const toggleHref = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const here = `${location.pathname}${location.search}`;

  return (
    <>
      <a href="#main" className="skip-link">
        본문 바로가기
      </a>
      <style data-mantine-styles="inline" dangerouslySetInnerHTML={{ __html: opened ? SHELL_CSS_OPEN : SHELL_CSS_FOLDED }} />
      <div style={S.root} className={C.root} data-resizing={resizing || undefined}>
        <header style={S.header} className={C.header} data-with-border="true">
          <PlainGroup justify="space-between" wrap="nowrap" style={S.headerRow}>
            <PlainGroup gap="sm" wrap="nowrap">
              <Link
                style={S.toggle}
                className={C.toggle}
                data-variant="subtle"
                data-size="lg"
                aria-label={opened ? "메뉴 닫기" : "메뉴 열기"}
                aria-expanded={hydrated ? opened : undefined}
                aria-controls="side-menu"
                to={toggleHref}
                preventScrollReset
                replace
                onClick={(e) => {
                  e.preventDefault();
                  setOpened((o) => !o);
                }}
              >
                <span className="m_8d3afb97 mantine-ActionIcon-icon">
                  <IconMenu2 size={22} aria-hidden />
                </span>
              </Link>
              <Link className={C.brand} to="/dashboard">
                <p style={S.brand} className={C.text} data-size="lg">
                  교육평가 자료관리
                </p>
              </Link>
            </PlainGroup>
            <PlainGroup gap="xs" wrap="nowrap">
              <Bell bell={bell} here={here} />
              <Profile user={user} />
              <Form method="post" action="/logout">
                <CsrfField />
                <PlainButton type="submit" variant="default" size="xs">
                  로그아웃
                </PlainButton>
              </Form>
            </PlainGroup>
          </PlainGroup>
        </header>
        <nav style={S.navbar} className={C.navbar} data-with-border="true" id="side-menu" aria-label="주 메뉴">
          <div className={C.section} data-grow="true">
            {menuError ? (
              <p style={S.menuError} className={C.text} data-size="sm" role="alert">
                {menuError}
              </p>
            ) : (
              <SideMenu menus={menus} path={location.pathname} />
            )}
          </div>
        </nav>
        <main className={C.main} id="main" tabIndex={-1}>
          {children}
        </main>
        <footer style={S.footer} className={C.footer} data-with-border="true">
          <PlainGroup justify="space-between" style={S.full}>
            <p style={S.xsDimmed} className={C.text} data-size="xs">
              의과대학 교육평가 자료관리
            </p>
            <p style={S.xsDimmed} className={C.text} data-size="xs">
              문의: 의학교육실
            </p>
          </PlainGroup>
        </footer>
      </div>
    </>
  );
}
