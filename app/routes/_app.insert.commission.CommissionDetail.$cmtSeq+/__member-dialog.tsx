/**
 * R09 the member dialog and its picker (spec 001 §2 "Committees", §5 "Committee and term"): one
 * native form of rows, each a name or employee number searched with its button. One hit fills the
 * row (name, number, department); several answer the picker, a list of radios that posts the chosen
 * person back into the row; none is '검색 결과가 없습니다.'. Rows are added and removed by button
 * (the last one cannot go: '한명의 명단은 등록되어야합니다.'); the save refuses a dialog without a
 * resolved person ('등록할 명단을 확인하세요') and a person twice ('중복된 명단이 존재합니다.'). Every
 * button posts the whole form, so it works the same without JavaScript; the server keeps the rows.
 * Editing a resolved row's text undoes it (its `checked` no longer matches).
 */
import { Button, Group, Radio, Stack, Text, TextInput } from "~/components/ui/mantine";
import { Form } from "@remix-run/react";
import { CancelAndSubmit } from "~/components/form/DialogFoot";
import { CsrfField } from "~/components/form/field-state";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import type { WirePerson } from "~/legacy/endpoints/committees.server";
import { MEMBER_FORM_ID, blankMemberRow, isResolved, memberField, type MemberRow } from "~/schemas/committees";
import { useReplyGeneration } from "./__term-dialog";

export interface MemberReply {
  formId?: string;
  alert?: string;
  fieldErrors?: Record<string, string>;
  rows?: MemberRow[];
  /** the picker's page (spec 001 §9: 10 a page) of `total` hits */
  picker?: { index: number; q: string; hits: WirePerson[]; total?: number; page?: number; pages?: number };
}

const person = (p: { name: string; id: string; dptNm?: string }) => `${p.name} (${[p.id, p.dptNm].filter(Boolean).join(", ")})`;

/** Every row's fields as hidden inputs (the picker carries the rows back to the dialog). */
function HiddenRows({ rows }: { rows: MemberRow[] }) {
  return (
    <>
      {rows.flatMap((r, i) => (["q", "usSeq", "name", "id", "dptNm", "checked"] as const).map((f) => <input key={`${i}-${f}`} type="hidden" name={memberField(i, f)} value={r[f] ?? ""} />))}
    </>
  );
}

function Keys({ cmtSeq, ctSeq }: { cmtSeq: number; ctSeq: number }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="cmtSeq" value={cmtSeq} />
      <input type="hidden" name="ctSeq" value={ctSeq} />
    </>
  );
}

/**
 * The picker's pages (spec 001 §9: the member search table, 10 a page): submit buttons of the
 * picker's form, so that a page posts the rows again (the search text and the people already
 * chosen are kept) with `pickPage:<row>:<page>`, with JavaScript or without.
 */
function PickerPages({ index, page, pages, total }: { index: number; page: number; pages: number; total: number }) {
  const to = (p: number) => `pickPage:${index}:${p}`;
  return (
    <nav aria-label="검색 결과 페이지 이동">
      <Group gap={4} mt="sm" align="center" wrap="wrap">
        {page > 1 ? (
          <Button type="submit" name="intent" value={to(page - 1)} variant="default" size="compact-sm" aria-label="이전 페이지">
            ‹
          </Button>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
          <Button key={p} type="submit" name="intent" value={to(p)} variant={p === page ? "filled" : "default"} size="compact-sm" aria-label={`${p} 페이지`} aria-current={p === page ? "page" : undefined}>
            {p}
          </Button>
        ))}
        {page < pages ? (
          <Button type="submit" name="intent" value={to(page + 1)} variant="default" size="compact-sm" aria-label="다음 페이지">
            ›
          </Button>
        ) : null}
        <Text size="sm" ml="xs" data-testid="member-picker-pages">
          {page} / {pages} 페이지 (총 {total}명)
        </Text>
      </Group>
    </nav>
  );
}

export function MemberDialog({ cmtSeq, ctSeq, ctNm, reply, action, closeTo }: { cmtSeq: number; ctSeq: number; ctNm: string; reply?: MemberReply; action: string; closeTo: string }) {
  const posted = reply?.formId === MEMBER_FORM_ID ? reply : undefined;
  const gen = useReplyGeneration(posted);
  const rows = posted?.rows?.length ? posted.rows : [blankMemberRow()];
  if (posted?.picker) {
    const { index, q, hits } = posted.picker;
    const total = posted.picker.total ?? hits.length;
    const page = posted.picker.page ?? 1;
    const pages = posted.picker.pages ?? 1;
    return (
      <Dialog id="member-picker" title="명단 검색 결과" closeTo={closeTo} size="md">
        <Form method="post" action={action} preventScrollReset key={`pick-${gen}`}>
          <Keys cmtSeq={cmtSeq} ctSeq={ctSeq} />
          <HiddenRows rows={rows} />
          {/* Enter on a choice picks it (the first submit button of the form), not a page button */}
          <DefaultSubmit intent={`pick:${index}`}>
            선택
          </DefaultSubmit>
          <Radio.Group name="pick" label={`'${q}' 검색 결과 ${total}명: 등록할 사람을 선택하세요`} defaultValue={String(hits[0]?.usSeq ?? "")}>
            <Stack gap={6} mt="xs" data-testid="member-picker-list">
              {hits.map((h) => (
                <Radio key={h.usSeq} value={String(h.usSeq)} label={person(h)} />
              ))}
            </Stack>
          </Radio.Group>
          {pages > 1 ? <PickerPages index={index} page={page} pages={pages} total={total} /> : null}
          <Group justify="flex-end" mt="md">
            <Button type="submit" name="intent" value="unpick" variant="default">
              취소
            </Button>
            <Button type="submit" name="intent" value={`pick:${index}`}>
              선택
            </Button>
          </Group>
        </Form>
      </Dialog>
    );
  }
  return (
    <Dialog id="member-dialog" title={`명단 등록: ${ctNm}`} closeTo={closeTo} size="lg">
      <Form method="post" action={action} preventScrollReset key={`rows-${gen}`} id={MEMBER_FORM_ID}>
        <Keys cmtSeq={cmtSeq} ctSeq={ctSeq} />
        <AlertRegion message={posted?.alert ?? null} />
        <Stack gap="sm">
          {rows.map((r, i) => {
            const error = posted?.fieldErrors?.[memberField(i, "q")];
            const ok = isResolved(r);
            return (
              <Group key={i} align="flex-end" gap="xs" wrap="wrap" data-testid="member-row">
                <TextInput
                  name={memberField(i, "q")}
                  defaultValue={r.q}
                  label={`이름 또는 사번 ${i + 1}`}
                  maxLength={100}
                  error={error}
                  autoFocus={Boolean(error)}
                  autoComplete="off"
                  w={220}
                />
                {(["usSeq", "name", "id", "dptNm", "checked"] as const).map((f) => (
                  <input key={f} type="hidden" name={memberField(i, f)} value={r[f] ?? ""} />
                ))}
                <Button type="submit" name="intent" value={`search:${i}`} variant="light" aria-label={`검색: 이름 또는 사번 ${i + 1}`}>
                  검색
                </Button>
                <Text size="sm" miw={160} data-testid="member-row-person" c={ok ? "dark.9" : "dark.6"}>
                  {ok ? person(r) : "검색 전"}
                </Text>
                <Button type="submit" name="intent" value={`removeRow:${i}`} variant="subtle" color="red" aria-label={`행 삭제: 이름 또는 사번 ${i + 1}`}>
                  삭제
                </Button>
              </Group>
            );
          })}
          <Group justify="space-between" mt="sm">
            <Button type="submit" name="intent" value="addRow" variant="default">
              명단 추가
            </Button>
            <CancelAndSubmit gap="sm" cancelHref={closeTo} intent="memberSave" label="등록" />
          </Group>
        </Stack>
      </Form>
    </Dialog>
  );
}
