/**
 * The page pieces of the one "send to people" (issue 38) that the consent-form sending page (R12)
 * and the survey sending page (P12) share: the add dialog's search form, a group's 'select the
 * whole group' box, and the outbox of personal links. Each page keeps its own field names, labels
 * and spec calls; the server half is utils/send.server.ts.
 */
import type { CheckboxProps } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import type { ReactNode, RefObject } from "react";
import { Button, Checkbox, Group, Text } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { MSG } from "~/schemas/messages.ko";

/**
 * The add dialog's search (a GET form in the URL, ?dialog=add): the page's own parameters kept
 * (`keep`), the dialog's fields (`children`) and the search button.
 */
export function AddSearchForm({ label, keep, button, children }: { label: string; keep: readonly (readonly [string, string])[]; button: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Form method="get" role="search" aria-label={label} key={location.search} preventScrollReset>
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="dialog" value="add" />
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        <Button type="submit" variant="default">
          {button}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * A group's 'select the whole group' box: without JavaScript the server reads the ticked box as
 * the whole group under the page's filters; with it, it also ticks the group's rows (`rows`, a
 * selector within `within`).
 */
export function SelectAllBox({ within, rows, ...box }: Omit<CheckboxProps, "onChange"> & { within: RefObject<HTMLElement>; rows: string }) {
  return (
    <Checkbox
      {...box}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        for (const b of within.current?.querySelectorAll<HTMLInputElement>(rows) ?? []) b.checked = on;
      }}
    />
  );
}

export interface OutboxRow {
  obSeq: number;
  name: string;
  id: string;
  toAddr: string;
  regDt: string;
  expDt?: string | null;
  url: string;
}

/**
 * The outbox's columns. Their minimum widths add up to 720 px, the width the table keeps before it
 * scrolls sideways, so the personal link (the one column that wraps) is never squeezed to a sliver.
 * The link is a block of its own (.link-cell, privacy.css): monospace, broken anywhere, and one
 * click selects all of it to copy.
 */
const OUTBOX_COLUMNS: DataColumn<OutboxRow>[] = [
  { key: "regDt", header: "발송일시", width: 150 },
  { key: "name", header: "받는 사람", width: 130, cell: (o) => `${o.name} (${o.id})` },
  { key: "toAddr", header: "받는 곳", width: 150, cell: (o) => o.toAddr || "이메일 없음" },
  {
    key: "url",
    header: "개인 링크",
    width: 200,
    wrap: true,
    cell: (o) => (
      <div className="link-cell" data-testid="personal-link">
        {o.url}
      </div>
    ),
  },
  { key: "expDt", header: "유효기간", width: 90, cell: (o) => o.expDt?.slice(0, 10) ?? "" },
];

/** The outbox: each person's personal link as sent (or kept, without a mail server). */
export function OutboxTable({ outbox }: { outbox: { smtp: boolean; rows: OutboxRow[] } }) {
  return (
    <>
      <Text size="sm" c="dark.6" mt={4} mb="sm">
        {outbox.smtp
          ? "메일 서버로 보낸 내역입니다."
          : "메일 서버(SMTP)가 설정되어 있지 않아 발송 내역을 보관함에 보관합니다. 아래 개인 링크를 받는 사람에게 전달하세요. 링크는 본인만 쓸 수 있으며 유효기간이 지나면 열리지 않습니다."}
      </Text>
      <DataTable
        caption="발송 내역: 발송일시, 받는 사람, 받는 곳, 개인 링크와 유효기간"
        scrollLabel="발송 내역"
        columns={OUTBOX_COLUMNS}
        rows={outbox.rows}
        rowKey={(o) => o.obSeq}
        emptyText={MSG.noData}
        testId="outbox"
        rowTestId="outbox-row"
      />
    </>
  );
}
