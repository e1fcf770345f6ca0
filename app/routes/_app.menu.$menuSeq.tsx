/**
 * P05 common menu page (spec 000 §2): the lower-level items of a menu as cards or a list
 * (?view=album|list), with a year selector, search text, search and reset, and the
 * 'find data by department' dialog (?dialog=dept&deptCd=…). All state is in the URL, so it works
 * without JavaScript.
 */
import { Anchor, Button, Card, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import { DataTable } from "~/components/data-table/DataTable";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { IconLayoutGrid, IconList } from "@tabler/icons-react";
import { HiddenFields } from "~/components/form/HiddenFields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { MenuIcon } from "~/components/layout/MenuIcon";
import { MENU_TYPE_LABEL } from "~/components/layout/menuTree";
import { useHydrated } from "~/components/layout/useHydrated";
import { useRootData } from "~/components/layout/useRootData";
import * as menuApi from "~/legacy/endpoints/menu.server";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { seoulYear } from "~/utils/time";
import { withParams } from "~/utils/url";
import { failureOf } from "~/utils/legacy-errors.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "메뉴"} | 의과대학 교육평가 자료관리` }];

/** Menu 90 is not ready yet (spec 000 §2). */
const NOT_READY_MENU = 90;
/** Default department of the find-by-department dialog (spec 000 §9). */
const DEFAULT_DEPT = "0000900002";
/** Year lists of list pages start at 2025 (spec 000 §9). */
const FIRST_YEAR = 2025;

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session, menus }) => {
    const url = new URL(args.request.url);
    const menuSeq = Number(args.params.menuSeq);
    if (!Number.isInteger(menuSeq) || menuSeq <= 0) throw new Response("Not Found", { status: 404 });
    const current = seoulYear();
    const years = Array.from({ length: Math.max(1, current - FIRST_YEAR + 1) }, (_, i) => current - i);
    const yearParam = Number(url.searchParams.get("year"));
    const year = years.includes(yearParam) ? yearParam : current;
    const searchText = (url.searchParams.get("searchText") ?? "").trim().slice(0, 100);
    const view = url.searchParams.get("view") === "list" ? "list" : "album";
    const dialog = url.searchParams.get("dialog") === "dept" ? "dept" : null;
    const unready = url.searchParams.get("unready");

    const self = menus?.find((m) => m.menuSeq === menuSeq);
    let items: { menuSeq: number; menuNm: string; menuUrl: string; menuTy: string; upprMenuNm: string }[] = [];
    // the list and the department dialog may each fail alone, with the message in their place
    const error = await failureOf(async () => {
      items = (await menuApi.lowerMenus(session, menuSeq, searchText)).map((m) => ({
        menuSeq: m.menuSeq,
        menuNm: m.menuNm,
        menuUrl: m.menuUrl,
        menuTy: m.menuTy,
        upprMenuNm: m.upprMenuNm ?? "",
      }));
    });

    let dept: { codes: { code: string; codeNm: string }[]; deptCd: string; menus: { menuSeq: number; menuNm: string; menuUrl: string; upprMenuNm: string }[]; error: string | null } | null = null;
    if (dialog) {
      dept = { codes: [], deptCd: url.searchParams.get("deptCd") || DEFAULT_DEPT, menus: [], error: null };
      const d = dept;
      d.error = await failureOf(async () => {
        d.codes = (await menuApi.deptCodes(session)).map((c) => ({ code: c.code, codeNm: c.codeNm }));
        d.menus = (await menuApi.menusByDept(session, d.deptCd)).map((m) => ({ menuSeq: m.menuSeq, menuNm: m.menuNm, menuUrl: m.menuUrl, upprMenuNm: m.upprMenuNm ?? "" }));
      });
    }

    return json({
      menuSeq,
      title: self?.menuNm ?? items[0]?.upprMenuNm ?? "메뉴",
      years,
      year,
      searchText,
      view,
      items,
      error,
      notReady: menuSeq === NOT_READY_MENU,
      unready: unready !== null && items.some((i) => String(i.menuSeq) === unready && !i.menuUrl),
      dept,
    });
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** Where an item leads: its screen with the chosen year, or this page saying it is not ready. */
function itemHref(item: Data["items"][number], data: Data, search: string) {
  if (!item.menuUrl) return withParams(search, { unready: String(item.menuSeq) }, true);
  const sep = item.menuUrl.includes("?") ? "&" : "?";
  return item.menuUrl.startsWith("/menu/") ? item.menuUrl : `${item.menuUrl}${sep}year=${data.year}`;
}

export default function MenuPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigate = useNavigate();
  const flash = useRootData()?.flash;
  const message = data.error ?? (data.notReady ? MSG.notReady : data.unready ? MSG.menuNotReady : flash?.text ?? null);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <Anchor component={Link} to={withParams(location.search, { dialog: "dept" }, true)} preventScrollReset>
          부서별 자료 찾기
        </Anchor>
      </Group>
      <AlertRegion message={message} kind={data.error || data.notReady || data.unready ? "error" : flash?.kind} />
      {/* keyed by the query so that reset and back/forward show the URL's values, not stale typed ones */}
      <Form method="get" role="search" aria-label="메뉴 검색" key={location.search}>
        <input type="hidden" name="view" value={data.view} />
        <Group align="flex-end" gap="sm">
          <NativeSelect
            name="year"
            label="년도"
            defaultValue={String(data.year)}
            data={data.years.map((y) => ({ value: String(y), label: `${y}년` }))}
            onChange={(e) => hydrated && submit(e.currentTarget.form)}
            w={120}
          />
          <TextInput name="searchText" label="검색어" defaultValue={data.searchText} placeholder="메뉴명" w={240} />
          <Button type="submit">검색</Button>
          <Button component={Link} to={`/menu/${data.menuSeq}${withParams("", { view: data.view === "list" ? "list" : null }, true)}`} variant="default">
            초기화
          </Button>
        </Group>
      </Form>
      <Group justify="space-between">
        <Text>
          전체 <b>{data.items.length}</b>건
        </Text>
        {hydrated ? (
          <SegmentedControl
            aria-label="보기 방식"
            value={data.view}
            onChange={(v) => navigate(withParams(location.search, { view: v === "list" ? "list" : null }, true), { preventScrollReset: true, replace: true })}
            data={[
              { value: "album", label: "카드형" },
              { value: "list", label: "목록형" },
            ]}
          />
        ) : (
          <Group gap="xs" aria-label="보기 방식" role="group">
            <Anchor component={Link} to={withParams(location.search, { view: null }, true)} aria-current={data.view === "album" ? "true" : undefined}>
              <IconLayoutGrid size={16} aria-hidden /> 카드형
            </Anchor>
            <Anchor component={Link} to={withParams(location.search, { view: "list" }, true)} aria-current={data.view === "list" ? "true" : undefined}>
              <IconList size={16} aria-hidden /> 목록형
            </Anchor>
          </Group>
        )}
      </Group>
      {data.items.length === 0 ? (
        <Text>{data.searchText ? MSG.noSearchResult : MSG.noData}</Text>
      ) : data.view === "album" ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="menu-cards">
          {data.items.map((item) => (
            <li key={item.menuSeq}>
              <Card component={Link} to={itemHref(item, data, location.search)} withBorder padding="lg" className="shortcut-card" preventScrollReset={!item.menuUrl}>
                <Group wrap="nowrap">
                  <MenuIcon menuSeq={item.menuSeq} />
                  <div>
                    <Text fw={700}>{item.menuNm}</Text>
                    <Text size="sm" c="dimmed">
                      {item.menuUrl ? MENU_TYPE_LABEL[item.menuTy] ?? item.menuTy : MSG.menuNotReady}
                    </Text>
                  </div>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <DataTable
          caption={`${data.title} 하위 메뉴 목록`}
          columns={[
            { key: "no", header: "번호", cell: (_item, i) => i + 1 },
            {
              key: "menuNm",
              header: "메뉴명",
              cell: (item) => (
                <Anchor component={Link} to={itemHref(item, data, location.search)} preventScrollReset={!item.menuUrl}>
                  {item.menuNm}
                </Anchor>
              ),
            },
            { key: "menuTy", header: "구분", cell: (item) => (item.menuUrl ? MENU_TYPE_LABEL[item.menuTy] ?? item.menuTy : MSG.menuNotReady) },
          ]}
          rows={data.items}
          rowKey={(item) => item.menuSeq}
          emptyText={MSG.noData}
          testId="menu-list"
          striped
        />
      )}
      {data.dept ? (
        <Dialog id="dept-dialog" title="부서별 자료 찾기" closeTo={withParams(location.search, { dialog: null, deptCd: null }, true)}>
          <Form method="get" role="search" aria-label="부서 선택">
            <HiddenFields values={{ dialog: "dept", year: data.year, view: data.view }} />
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="deptCd"
                label="담당 부서"
                defaultValue={data.dept.deptCd}
                data={data.dept.codes.map((c) => ({ value: c.code, label: c.codeNm }))}
                onChange={(e) => hydrated && submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
              />
              <Button type="submit">조회</Button>
            </Group>
          </Form>
          {data.dept.error ? (
            <Text c="red.9" mt="sm">
              {data.dept.error}
            </Text>
          ) : data.dept.menus.length === 0 ? (
            <Text mt="sm">{MSG.noData}</Text>
          ) : (
            <Stack gap={4} mt="sm" component="ul" style={{ listStyle: "none", padding: 0 }} data-testid="dept-menus">
              {data.dept.menus.map((m) => (
                <li key={m.menuSeq}>
                  {m.menuUrl ? (
                    <Anchor component={Link} to={m.menuUrl}>
                      {m.upprMenuNm ? `${m.upprMenuNm} > ` : ""}
                      {m.menuNm}
                    </Anchor>
                  ) : (
                    <Text>
                      {m.menuNm} ({MSG.menuNotReady})
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </Dialog>
      ) : null}
    </Stack>
  );
}
