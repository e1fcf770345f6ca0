/**
 * The page frame of every signed-in page (spec 000 §2 "Page frame"): header with the bell, the
 * profile popup and logout; the two-level side menu, folded below 1200 px; the fixed footer; a
 * skip link and the header/nav/main/footer landmarks. Popups are <details> disclosures and the
 * menu toggle is a link (?nav=open), so all of it works without JavaScript; with JavaScript the
 * toggle switches in place and the popups close on Escape or an outside click.
 *
 * It is rendered on every signed-in page, so it is written as plain elements drawn by its own
 * stylesheet (AppFrame.module.css; ADR 0055) as Mantine's AppShell, Text, Anchor, ActionIcon and
 * Badge drew it, not with Mantine's components: AppShell, Group, Text, ActionIcon, UnstyledButton,
 * Badge, Button, Stack and Anchor with their style props were about a sixth of a list page's server
 * render (ADR 0048).
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { IconBell, IconMenu2, IconUserCircle } from "@tabler/icons-react";
import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";
import { PlainButton, PlainGroup } from "~/components/ui/plain";
import { fillMessage, MSG, OWN_MSG } from "~/schemas/messages.ko";
import { FOCUS_PARAM } from "~/utils/focus-return";
import { SessionWarning } from "./SessionWarning";
import { SideMenu } from "./SideMenu";
import { useRootData } from "./useRootData";
import type { MenuNode } from "./menuTree";
import { useHydrated } from "./useHydrated";
import f from "./AppFrame.module.css";

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

/** how long the navbar takes to slide in or out (AppFrame.module.css `--frame-duration`) */
const TRANSITION_MS = 200;

/** the frame's text: Mantine's Text sizes and colours */
const T = {
  bold: `${f.text} ${f.bold}`,
  sm: `${f.text} ${f.sm}`,
  error: `${f.text} ${f.sm} ${f.error}`,
  menuError: `${f.text} ${f.sm} ${f.error} ${f.menuError}`,
  userName: `${f.text} ${f.sm} ${f.userName}`,
  footer: `${f.text} ${f.xs} ${f.dimmed}`,
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
 * data-resizing: set from the server render until a moment after hydration and while the window
 * is being resized, so the navbar does not slide when the width crosses 1200 px.
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

/** the link below a popup's text */
function PanelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={f.panelLink} to={to}>
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
          <div className={f.count} aria-hidden="true" data-testid="bell-count">
            <span>{bell.unread > 99 ? "99+" : bell.unread}</span>
          </div>
        ) : null}
      </summary>
      <div className={`popup-panel ${f.bellPanel}`}>
        <PlainGroup justify="space-between" className={f.bellHead}>
          <p className={T.bold}>
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
          <p className={T.error}>
            {bell.error}
          </p>
        ) : bell.recent.length === 0 ? (
          <p className={T.sm}>
            {MSG.noNotifications}
          </p>
        ) : (
          <ul className={f.bellList}>
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
        <span className={T.userName}>
          {user.userNm}
        </span>
      </summary>
      <div className={`popup-panel ${f.profilePanel}`}>
        <p className={T.bold}>{user.userNm}</p>
        <p className={T.sm}>아이디: {user.userId}</p>
        <p className={T.sm}>
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
  // the menu's toggle does not give the focus back to a closed dialog's opener again (ADR 0059)
  params.delete(FOCUS_PARAM);
  if (opened) params.delete("nav");
  else params.set("nav", "open");
  const toggleHref = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const here = `${location.pathname}${location.search}`;
  const idleMinutes = useRootData()?.idleMinutes ?? 30;

  return (
    <>
      <a href="#main" className="skip-link">
        본문 바로가기
      </a>
      <div className={f.frame} data-nav-open={opened || undefined} data-resizing={resizing || undefined}>
        <header className={`${f.header} right-scroll-bar-position`}>
          <PlainGroup justify="space-between" wrap="nowrap" className={f.bar}>
            <PlainGroup gap="sm" wrap="nowrap">
              <Link
                className={f.toggle}
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
                <IconMenu2 size={22} aria-hidden />
              </Link>
              <Link className={f.brand} to="/dashboard">
                <p className={f.brandText}>교육평가 자료관리</p>
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
        <nav className={f.navbar} id="side-menu" aria-label="주 메뉴">
          <div className={f.menu}>
            {menuError ? (
              <p className={T.menuError} role="alert">
                {menuError}
              </p>
            ) : (
              <SideMenu menus={menus} path={location.pathname} />
            )}
          </div>
        </nav>
        <main className={f.main} id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className={`${f.footer} right-scroll-bar-position`}>
          <PlainGroup justify="space-between" className={f.fill}>
            <p className={T.footer}>의과대학 교육평가 자료관리</p>
            {/* the idle limit, stated for everyone (without JavaScript no warning can count it down; ADR 0066) */}
            <p className={T.footer}>{fillMessage(OWN_MSG.sessionIdleNotice, { minutes: idleMinutes })}</p>
            <p className={T.footer}>문의: 의학교육실</p>
          </PlainGroup>
        </footer>
      </div>
      {hydrated ? <SessionWarning idleMinutes={idleMinutes} /> : null}
    </>
  );
}
