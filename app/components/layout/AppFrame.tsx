/**
 * The page frame of every signed-in page (spec 000 §2 "Page frame"): header with the bell, the
 * profile popup and logout; the two-level side menu, folded below 1200 px; the fixed footer; a
 * skip link and the header/nav/main/footer landmarks. Popups are <details> disclosures and the
 * menu toggle is a link (?nav=open), so all of it works without JavaScript; with JavaScript the
 * toggle switches in place and the popups close on Escape or an outside click.
 */
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
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { IconBell, IconMenu2, IconUserCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";
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

/** Mantine's lg breakpoint is 75em = 1200 px: below it the side menu folds (spec 000 §9). */
const NAV_BREAKPOINT = "lg";

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

function Bell({ bell, here }: { bell: BellData; here: string }) {
  const ref = useDetailsDismiss();
  return (
    <details className="popup" ref={ref}>
      <summary className="popup-trigger" aria-label={`알림 ${bell.unread}건`} data-testid="bell">
        <IconBell size={22} aria-hidden />
        {bell.unread > 0 ? (
          <Badge size="sm" color="red.9" circle className="popup-badge" aria-hidden data-testid="bell-count">
            {bell.unread > 99 ? "99+" : bell.unread}
          </Badge>
        ) : null}
      </summary>
      <Box className="popup-panel" w={340}>
        <Group justify="space-between" mb="xs">
          <Text fw={700}>알림 {bell.unread}건</Text>
          <Form method="post" action="/messenger">
            <CsrfField />
            <input type="hidden" name="intent" value="readAll" />
            <input type="hidden" name="redirectTo" value={here} />
            <Button type="submit" variant="subtle" size="compact-sm">
              모두 읽음
            </Button>
          </Form>
        </Group>
        {bell.error ? (
          <Text size="sm" c="red.9">
            {bell.error}
          </Text>
        ) : bell.recent.length === 0 ? (
          <Text size="sm">{MSG.noNotifications}</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {bell.recent.map((m) => (
              <li key={m.mhSeq}>
                {/* plain elements (app.css): on every page, so they cost every page's render (ADR 0037) */}
                <span className="bell-text" data-unread={m.readYn === "Y" ? undefined : "true"}>
                  {m.text}
                </span>
                <span className="bell-meta">
                  {m.userNm} · {m.regDt}
                </span>
              </li>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/messenger" size="sm" mt="sm" display="inline-block">
          전체 메시지 보기
        </Anchor>
      </Box>
    </details>
  );
}

function Profile({ user }: { user: FrameUser }) {
  const ref = useDetailsDismiss();
  return (
    <details className="popup" ref={ref}>
      <summary className="popup-trigger" aria-label={`내 정보: ${user.userNm}`}>
        <IconUserCircle size={24} aria-hidden />
        <Text component="span" size="sm" visibleFrom="sm" ml={4}>
          {user.userNm}
        </Text>
      </summary>
      <Box className="popup-panel" w={240}>
        <Text fw={700}>{user.userNm}</Text>
        <Text size="sm">아이디: {user.userId}</Text>
        <Text size="sm">소속: {user.dptNm || "-"}</Text>
        <Anchor component={Link} to="/myProfile" size="sm" mt="sm" display="inline-block">
          내 정보
        </Anchor>
      </Box>
    </details>
  );
}

export function AppFrame({
  user,
  menus,
  menuError,
  bell,
  navOpen,
  children,
}: {
  user: FrameUser;
  menus: MenuNode[];
  menuError: string | null;
  bell: BellData;
  navOpen: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
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
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !opened } }}
        footer={{ height: 44 }}
        padding="md"
      >
        <AppShell.Header component="header">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ActionIcon
                component={Link}
                to={toggleHref}
                preventScrollReset
                replace
                variant="subtle"
                color="dark"
                size="lg"
                hiddenFrom="lg"
                className="nav-toggle"
                aria-label={opened ? "메뉴 닫기" : "메뉴 열기"}
                aria-expanded={hydrated ? opened : undefined}
                aria-controls="side-menu"
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  setOpened((o) => !o);
                }}
              >
                <IconMenu2 size={22} aria-hidden />
              </ActionIcon>
              <UnstyledButton component={Link} to="/dashboard" className="brand">
                <Text fw={800} size="lg" c="indigo.9">
                  교육평가 자료관리
                </Text>
              </UnstyledButton>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Bell bell={bell} here={here} />
              <Profile user={user} />
              <Form method="post" action="/logout">
                <CsrfField />
                <Button type="submit" variant="default" size="xs">
                  로그아웃
                </Button>
              </Form>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar component="nav" id="side-menu" aria-label="주 메뉴" p="xs">
          <AppShell.Section grow className="menu-scroll">
            {menuError ? (
              <Text role="alert" c="red.9" size="sm" p="sm">
                {menuError}
              </Text>
            ) : (
              <SideMenu menus={menus} path={location.pathname} />
            )}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id="main" tabIndex={-1} component="main">
          {children}
        </AppShell.Main>
        <AppShell.Footer component="footer" px="md">
          <Group h="100%" justify="space-between">
            <Text size="xs" c="dimmed">
              의과대학 교육평가 자료관리
            </Text>
            <Text size="xs" c="dimmed">
              문의: 의학교육실
            </Text>
          </Group>
        </AppShell.Footer>
      </AppShell>
    </>
  );
}
