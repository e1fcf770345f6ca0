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
import { Table } from "~/components/ui/Table";
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

/** The outbox: each person's personal link as sent (or kept, without a mail server). */
export function OutboxTable({ outbox }: { outbox: { smtp: boolean; rows: OutboxRow[] } }) {
  return (
    <>
      <Text size="sm" c="dark.6" mt={4} mb="sm">
        {outbox.smtp
          ? "메일 서버로 보낸 내역입니다."
          : "메일 서버(SMTP)가 설정되어 있지 않아 발송 내역을 보관함에 보관합니다. 아래 개인 링크를 받는 사람에게 전달하세요. 링크는 본인만 쓸 수 있으며 유효기간이 지나면 열리지 않습니다."}
      </Text>
      <Table.ScrollContainer minWidth={720} label="발송 내역">
        <Table withTableBorder striped data-testid="outbox">
          <caption className="visually-hidden">발송 내역: 발송일시, 받는 사람, 받는 곳, 개인 링크와 유효기간</caption>
          <Table.Head titles={["발송일시", "받는 사람", "받는 곳", "개인 링크", "유효기간"]} />
          <Table.Tbody>
            {outbox.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5} ta="center">
                  {MSG.noData}
                </Table.Td>
              </Table.Tr>
            ) : (
              outbox.rows.map((o) => (
                <Table.Tr key={o.obSeq} data-testid="outbox-row">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{o.regDt}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {o.name} ({o.id})
                  </Table.Td>
                  <Table.Td>{o.toAddr || "이메일 없음"}</Table.Td>
                  <Table.Td className="link-cell" data-testid="personal-link">
                    {o.url}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{o.expDt?.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
