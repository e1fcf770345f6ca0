/**
 * P15 evaluation indicator input (spec 000 §2; ADR 0039). Left: the page's indicators (links,
 * `?ei=`) and the register button (`?ei=new`). Right: the selected indicator's form (name, the
 * year checkboxes with the exclusive blank 'all', the criterion; save and delete asked first), and
 * its cards of attached data (go-to link into evaluation mode, change columns, delete, Excel
 * download where the screen has one), with 'add data' (a URL-state dialog: three levels of data
 * menus as links, then the chosen menu's columns as checkboxes). Everything works without
 * JavaScript.
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { Form, Link, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { CheckFilter } from "~/components/data-table/FilterBar";
import { AppForm, CsrfField, FormAlert } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { CancelAndSubmit } from "~/components/form/DialogFoot";
import { TextField } from "~/components/form/fields";
import { TextareaField } from "~/components/form/TextareaField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import { indicatorOpenerKey, indicatorOrder, indicatorSchemaOf, INDICATOR_CRITERION_MAX, INDICATOR_NAME_MAX, INDICATOR_PATH, yearsLabel } from "~/schemas/eval-indicators";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { AddDialogData, IndicatorCard, IndicatorPageData } from "~/routes/__eval-indicators.server";
import { FOCUS_PARAM, openerProps, returnFocusKey } from "~/utils/focus-return";

/** The props of a dialog's opener on this page (ADR 0059): `autofocus` when the URL gives the focus back to it. */
type Opener = (key: string) => ReturnType<typeof openerProps>;

/**
 * Who takes the focus back on the indicator page: the key the URL names, or 데이터 추가 when it
 * names a card that is gone (a deleted card, or one whose menu was changed).
 */
function indicatorOpener(search: string, cards: readonly IndicatorCard[]): Opener {
  const wanted = returnFocusKey(search);
  const card = wanted ? /^(?:add|delete-menu)-(\d+)$/.exec(wanted) : null;
  const key = card && !cards.some((c) => String(c.menuSeq) === card[1]) ? "add" : wanted;
  return (k) => openerProps(key ? `?${FOCUS_PARAM}=${key}` : "", k);
}

/** one form id per indicator: remix-validated-form keeps a form's values by its id */
const FORM_ID = "indicator-form";
const formIdOf = (eiSeq: number | null) => `${FORM_ID}-${eiSeq ?? "new"}`;
const isFormReply = (reply?: IndicatorReply) => Boolean(reply?.formId?.startsWith(FORM_ID));
const validator = withZod(indicatorSchemaOf(new Date().getFullYear() + 1));

export interface IndicatorReply {
  alert?: string;
  formId?: string;
  confirm?: string;
  repopulateFields?: Record<string, unknown>;
}

export function IndicatorPage({ data, reply }: { data: IndicatorPageData; reply?: IndicatorReply }) {
  const flash = useRootData()?.flash;
  const page = `${INDICATOR_PATH}/${data.menuSeq}`;
  const sel = data.selected;
  const here = sel?.eiSeq ? `${page}?ei=${sel.eiSeq}` : sel ? `${page}?ei=new` : page;
  // a dialog closes to the page with its opener's key, which takes the focus back (ADR 0059)
  const { search } = useLocation();
  const openKey = indicatorOpenerKey(search);
  const closeTo = openKey && sel?.eiSeq ? `${here}&${FOCUS_PARAM}=${openKey}` : here;
  const opener = indicatorOpener(search, data.cards);
  const formAlert = isFormReply(reply) || data.dialog?.kind === "add" ? null : reply?.alert;
  const message = data.alert ?? formAlert ?? flash?.text ?? null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {data.title}
      </Title>
      <AlertRegion message={message} kind={flash && message === flash.text ? flash.kind : "error"} />
      <div className="indicator-layout">
        <Paper withBorder p="md" component="nav" aria-label="평가지표 목록">
          <Group justify="space-between" mb="sm">
            <Text fw={700}>{data.title}</Text>
            <Button component={Link} to={`${page}?ei=new`} size="xs">
              등록
            </Button>
          </Group>
          {data.indicators.length ? (
            <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="indicator-list">
              {data.indicators.map((i) => (
                <li key={i.eiSeq}>
                  <Anchor component={Link} to={`${page}?ei=${i.eiSeq}`} aria-current={sel?.eiSeq === i.eiSeq ? "page" : undefined} fw={sel?.eiSeq === i.eiSeq ? 700 : 400} style={{ display: "inline-block", minHeight: 24 }}>
                    {i.evalIndctNm}
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="dark.6">{MSG.noData}</Text>
          )}
        </Paper>
        {sel ? (
          <Stack gap="md">
            <IndicatorForm key={sel.eiSeq ?? "new"} data={data} reply={isFormReply(reply) ? reply : undefined} cancelHref={here} />
            {sel.eiSeq ? <Cards data={data} eiSeq={sel.eiSeq} opener={opener} /> : null}
          </Stack>
        ) : (
          <Text c="dark.6">{MSG.noData}</Text>
        )}
      </div>
      {data.dialog?.kind === "add" ? <AddDataDialog page={page} dialog={data.dialog.data} reply={reply} closeTo={closeTo} /> : null}
      {data.dialog?.kind === "delete-menu" && sel?.eiSeq ? (
        <DeleteDialog
          id="delete-menu-dialog"
          title="연결된 데이터 삭제"
          subject={`${data.dialog.card.upMenuNm} > ${data.dialog.card.menuNm}`}
          action={here}
          fields={{ eiSeq: sel.eiSeq, m: data.dialog.card.menuSeq }}
          closeTo={closeTo}
          verb={{ value: "deleteMenu", label: "삭제", color: "red" }}
        />
      ) : null}
    </Stack>
  );
}

function IndicatorForm({ data, reply, cancelHref }: { data: IndicatorPageData; reply?: IndicatorReply; cancelHref: string }) {
  const sel = data.selected!;
  const typed = reply?.repopulateFields;
  const typedYears = typed ? ([] as unknown[]).concat(typed.years ?? []).map(String) : null;
  const typedSpecific = typedYears?.filter((y) => y !== "" && y !== "all") ?? [];
  const selectedYears = typedYears ? (typedSpecific.length ? typedSpecific : null) : sel.years.length ? sel.years.map(String) : null;
  return (
    <Paper withBorder p="md">
      <AppForm id={formIdOf(sel.eiSeq)} validator={validator} defaultValues={{ eiSeq: sel.eiSeq ?? "", evalIndctNm: sel.evalIndctNm, evalStnd: sel.evalStnd }} action={cancelHref} preventScrollReset>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {sel.eiSeq ? "평가지표 설정" : "평가지표 등록"}
          </Title>
          <FormAlert serverMessage={reply?.alert} order={indicatorOrder} />
          <input type="hidden" name="eiSeq" value={sel.eiSeq ?? ""} />
          <TextField name="evalIndctNm" label="평가지표" required maxLength={INDICATOR_NAME_MAX} />
          <CheckFilter name="years" legend="년도" options={data.yearChoices.map((y) => ({ value: String(y), label: `${y}년` }))} selected={selectedYears} />
          <TextareaField name="evalStnd" label="평가준거" required maxLength={INDICATOR_CRITERION_MAX} rows={4} />
          <Group justify="flex-end">
            {sel.eiSeq ? <ConfirmSubmit action="delete" label="삭제" color="red" variant="outline" question={MSG.confirmDelete} pending={reply?.confirm === "delete"} cancelHref={cancelHref} /> : null}
            <ConfirmSubmit action="save" label="저장" question={MSG.confirmSave} pending={reply?.confirm === "save"} cancelHref={cancelHref} />
          </Group>
        </Stack>
      </AppForm>
    </Paper>
  );
}

function Cards({ data, eiSeq, opener }: { data: IndicatorPageData; eiSeq: number; opener: Opener }) {
  const page = `${INDICATOR_PATH}/${data.menuSeq}`;
  const years = data.selected?.years ?? [];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          연결된 데이터
        </Title>
        <Group gap="xs">
          {data.cards.length ? (
            <Button component="a" href={`${page}/evidence?ei=${eiSeq}`} size="xs" variant="default">
              근거자료 내려받기
            </Button>
          ) : null}
          <Button component={Link} to={`${page}?ei=${eiSeq}&dialog=add`} preventScrollReset size="xs" {...opener("add")}>
            데이터 추가
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dark.6" mb="sm">
        조회 년도: {yearsLabel(years)}
      </Text>
      {data.cards.length ? (
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))", gap: "var(--mantine-spacing-sm)" }} data-testid="indicator-cards">
          {data.cards.map((c) => (
            <CardItem key={c.menuSeq} card={c} page={page} eiSeq={eiSeq} opener={opener} />
          ))}
        </div>
      ) : (
        <Text c="dark.6">{MSG.noData}</Text>
      )}
    </Paper>
  );
}

function CardItem({ card, page, eiSeq, opener }: { card: IndicatorCard; page: string; eiSeq: number; opener: Opener }) {
  const link = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;
  return (
    <Paper withBorder p="sm" component="section" aria-label={card.menuNm} data-testid="indicator-card">
      <Text size="xs" c="dark.6">
        {card.upMenuNm}
      </Text>
      <Text fw={700}>{card.menuNm}</Text>
      <Text size="sm" mt={4}>
        요소: {card.columns.join(", ")}
      </Text>
      {card.report ? (
        <Text size="xs" c="dark.6" mt={2}>
          최종 동기화: {card.lastSyncTime ?? "-"}
        </Text>
      ) : null}
      <Group gap="sm" mt="xs">
        <Anchor component={Link} to={card.goTo} size="sm" style={link}>
          바로가기
        </Anchor>
        <Anchor component={Link} to={`${page}?ei=${eiSeq}&dialog=add&m=${card.menuSeq}`} preventScrollReset size="sm" style={link} aria-label={`요소 변경: ${card.menuNm}`} {...opener(`add-${card.menuSeq}`)}>
          요소 변경
        </Anchor>
        {card.excel ? (
          <Anchor href={card.excel} size="sm" style={link} aria-label={`엑셀 다운로드: ${card.menuNm}`} component="a">
            엑셀 다운로드
          </Anchor>
        ) : card.hasExcel ? (
          <Text size="xs" c="dark.6">
            {OWN_MSG.indicatorOneYearExcel}
          </Text>
        ) : null}
        <Anchor component={Link} to={`${page}?ei=${eiSeq}&dialog=delete-menu&m=${card.menuSeq}`} preventScrollReset size="sm" c="red.9" style={link} aria-label={`삭제: ${card.menuNm}`} {...opener(`delete-menu-${card.menuSeq}`)}>
          삭제
        </Anchor>
      </Group>
    </Paper>
  );
}

function LevelLinks({ legend, items, current, href }: { legend: string; items: { menuSeq: number; menuNm: string }[]; current: number | null; href: (menuSeq: number) => string }) {
  return (
    <nav aria-label={legend}>
      <Text size="sm" fw={700} mb={4}>
        {legend}
      </Text>
      {items.length ? (
        <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {items.map((m) => (
            <li key={m.menuSeq}>
              <Anchor component={Link} to={href(m.menuSeq)} preventScrollReset size="sm" aria-current={current === m.menuSeq ? "true" : undefined} fw={current === m.menuSeq ? 700 : 400} style={{ display: "inline-block", minHeight: 24 }}>
                {m.menuNm}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dark.6">
          -
        </Text>
      )}
    </nav>
  );
}

function AddDataDialog({ page, dialog, reply, closeTo }: { page: string; dialog: AddDialogData; reply?: IndicatorReply; closeTo: string }) {
  const q = (extra: Record<string, number>) => `${page}?${new URLSearchParams({ ei: String(dialog.eiSeq), dialog: "add", ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) })}`;
  const { chosen, levels } = dialog;
  // posts to the dialog's own address, so that a refused save comes back with the dialog open
  const location = useLocation();
  const columns = dialog.columns;
  return (
    <Dialog id="add-data-dialog" title="데이터 추가" closeTo={closeTo} size="xl">
      <div style={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "var(--mantine-spacing-md)" }}>
        <LevelLinks legend="1단계 메뉴" items={levels.l1} current={chosen.l1} href={(m) => q({ l1: m })} />
        <LevelLinks legend="2단계 메뉴" items={levels.l2} current={chosen.l2} href={(m) => q({ l1: chosen.l1 ?? 0, l2: m })} />
        <LevelLinks legend="3단계 메뉴" items={levels.l3} current={chosen.m} href={(m) => q({ m })} />
      </div>
      <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
        <CsrfField />
        <input type="hidden" name="eiSeq" value={dialog.eiSeq} />
        {chosen.m ? <input type="hidden" name="menuSeq" value={chosen.m} /> : null}
        <AlertRegion message={reply?.alert ?? null} />
        {columns ? (
          <fieldset style={{ border: 0, padding: 0, margin: "var(--mantine-spacing-md) 0 0" }}>
            <legend>
              <Text fw={700} size="sm">
                {chosen.menuNm} 요소
              </Text>
            </legend>
            {columns.length ? (
              <Group gap="md" mt={6} wrap="wrap" data-testid="column-choices">
                {columns.map((c) => (
                  <Checkbox key={c.clm} name="clms" value={c.clm} label={c.clmNm} defaultChecked={c.checked} size="sm" />
                ))}
              </Group>
            ) : (
              <Text size="sm">{MSG.indicatorNoColumns}</Text>
            )}
          </fieldset>
        ) : null}
        <CancelAndSubmit justify="flex-end" mt="md" cancelHref={closeTo} intent="addMenu" label="저장" />
      </Form>
    </Dialog>
  );
}
