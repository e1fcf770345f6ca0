/**
 * R09 committee detail (spec 001 §2 "Committees", §9): the committee, its terms as cards (the newest
 * few by default; 'show more' / 'close' is a link that sends all Y or N), each with its edit, copy
 * and delete (the copy and the delete asked first, as URL-state questions), and the selected term's
 * members in a table that scrolls beyond 4 rows (a focusable region with a name, so a keyboard
 * scrolls it; each member's active flag changed in place), with the member dialog, the member delete and the member Excel toolbar. Every dialog
 * is URL state (`?dialog=`), a Modal with JavaScript and a section of the page without.
 */
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { Form, Link, useLocation } from "@remix-run/react";
import { CsrfField } from "~/components/form/field-state";
import { ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { useRootData } from "~/components/layout/useRootData";
import type { DetailData } from "./__loader.server";
import { COMMITTEE_DETAIL_PATH, COMMITTEE_PATH, COMMITTEE_TITLE, MEMBER_FORM_ID, TERM_FORM_ID, TERM_PREVIEW, oprSttName, termDay } from "~/schemas/committees";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { dialogOpenerKey, FOCUS_PARAM, openerProps, rowOpenerKey } from "~/utils/focus-return";
import { withParams } from "~/utils/url";
import { MemberDialog, type MemberReply } from "./__member-dialog";
import { TermDialog, type TermReply } from "./__term-dialog";

/** A link in a card or a cell is a touch target of its own: at least 24px high (axe target-size). */
/** spec 001 §3: gndr M male, W female */
const GENDER: Record<string, string> = { M: "남", W: "여" };
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;
/**
 * Four member rows, then the table scrolls (spec 001 §9): the table's head with its borders (44 px),
 * four rows of a compact button (47 px each, DataTable's cell padding) and the table's frame (2 px).
 */
export const MEMBER_TABLE_MAX_HEIGHT = 44 + 4 * 47 + 2;

export type DetailReply = (TermReply & MemberReply) & { formId?: string; alert?: string; excel?: ExcelUploadResult; excelError?: string };

function TermCard({ t, selected, href, opener }: { t: DetailData["terms"][number]; selected: boolean; href: (changes: Record<string, string | null>) => string; opener: (key: string) => object }) {
  const to = (dialog: string | null) => href({ term: String(t.ctSeq), dialog, usSeq: null });
  // the selected card's buttons opened its dialog: the one the URL names takes the focus back (ADR 0059)
  const back = (key: string) => (selected ? opener(key) : null);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="term-card" style={selected ? { borderColor: "var(--mantine-color-indigo-7)", borderWidth: 2 } : undefined}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Anchor component={Link} to={to(null)} fw={700} style={TARGET} aria-current={selected ? "true" : undefined} preventScrollReset>
          {t.ctNm}
        </Anchor>
        {selected ? <Badge variant="light">선택됨</Badge> : null}
      </Group>
      <Text size="sm" c="dark.6" mt={4}>
        운영기간 {termDay(t.operStdt)} ~ {termDay(t.operEndt)}
      </Text>
      <Text size="sm" c="dark.6">
        명단 {t.userCnt ?? 0}명
      </Text>
      <Group gap="xs" mt="xs">
        <Button component={Link} to={to("term-edit")} size="xs" variant="default" aria-label={`수정: ${t.ctNm}`} preventScrollReset {...back("term-edit")}>
          수정
        </Button>
        <Button component={Link} to={to("term-copy")} size="xs" variant="default" aria-label={`복사: ${t.ctNm}`} preventScrollReset {...back("term-copy")}>
          복사
        </Button>
        <Button component={Link} to={to("term-delete")} size="xs" variant="outline" color="red.9" aria-label={`삭제: ${t.ctNm}`} preventScrollReset {...back("term-delete")}>
          삭제
        </Button>
      </Group>
    </Card>
  );
}

type Member = DetailData["members"][number];

/**
 * A member's active flag (spec 001 §3 actvtYn) changed in place: a native post of the other value
 * (user/updateActvtYn.do, ours). Shown only where the member list answers the flag.
 */
function ActvtButton({ member, ctSeq, cmtSeq, action }: { member: Member; ctSeq: number; cmtSeq: number; action: string }) {
  const next = member.actvtYn === "N" ? "Y" : "N";
  const label = next === "Y" ? "활동으로 변경" : "비활동으로 변경";
  return (
    <Form method="post" action={action} preventScrollReset>
      <CsrfField />
      <input type="hidden" name="cmtSeq" value={cmtSeq} />
      <input type="hidden" name="ctSeq" value={ctSeq} />
      <input type="hidden" name="usSeq" value={member.usSeq} />
      <input type="hidden" name="actvtYn" value={next} />
      <Button type="submit" name="intent" value="actvt" size="compact-sm" variant="default" aria-label={`${label}: ${member.name}`}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The selected term's member table: each member's active flag with its button, and the delete link
 * that opens the delete dialog (the link whose row the URL names takes the focus back, ADR 0059).
 */
function memberColumns(term: NonNullable<DetailData["term"]>, cmtSeq: number, action: string, href: (changes: Record<string, string | null>) => string, opener: (key: string) => object): DataColumn<Member>[] {
  return [
    { key: "name", header: "이름" },
    { key: "id", header: "사번" },
    { key: "gndr", header: "성별", cell: (m) => GENDER[m.gndr ?? ""] ?? m.gndr ?? "" },
    { key: "jobNm", header: "직위" },
    { key: "dptNm", header: "소속" },
    {
      key: "actvt",
      header: "활동",
      cell: (m) => (
        <Group gap={6} wrap="nowrap">
          <span data-testid="member-actvt">{m.actvt || (m.actvtYn === "N" ? "비활동" : "활동")}</span>
          {m.actvtYn ? <ActvtButton member={m} ctSeq={term.ctSeq} cmtSeq={cmtSeq} action={action} /> : null}
        </Group>
      ),
    },
    { key: "regDt", header: "등록일", cell: (m) => (m.regDt ?? "").slice(0, 10) },
    {
      key: "delete",
      header: "관리",
      cell: (m) => (
        <Anchor component={Link} to={href({ dialog: "member-delete", term: String(term.ctSeq), usSeq: String(m.usSeq) })} size="sm" c="red.9" style={TARGET} aria-label={`삭제: ${m.name}`} preventScrollReset {...opener(rowOpenerKey("member-delete", m.usSeq))}>
          삭제
        </Anchor>
      ),
    },
  ];
}

export function CommitteeDetailPage({ data, reply }: { data: DetailData; reply?: DetailReply }) {
  const location = useLocation();
  const flash = useRootData()?.flash;
  const cmtSeq = data.cmtSeq ?? 0;
  // the focus goes back to a dialog's opener once (ADR 0059): the other links drop `focus`
  const href = (changes: Record<string, string | null>) => `${COMMITTEE_DETAIL_PATH}/${cmtSeq}${withParams(location.search, { [FOCUS_PARAM]: null, ...changes })}`;
  // the key the server's redirect after a save or delete gives too (list-action.server.ts `backToList`)
  const closeTo = href({ dialog: null, usSeq: null, [FOCUS_PARAM]: dialogOpenerKey(location.search, ["usSeq"]) });
  const opener = (key: string) => openerProps(location.search, key);
  const here = `${COMMITTEE_DETAIL_PATH}/${cmtSeq}${location.search}`;
  const ownReply = reply?.formId === TERM_FORM_ID || reply?.formId === MEMBER_FORM_ID;
  const message = reply?.excelError ?? data.error ?? (reply?.alert && !ownReply ? reply.alert : null) ?? flash?.text ?? null;
  const kind = flash && message === flash.text ? flash.kind : "error";
  const back = (
    <Anchor component={Link} to={COMMITTEE_PATH} style={TARGET}>
      {COMMITTEE_TITLE} 목록으로
    </Anchor>
  );
  if (!data.commission) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {COMMITTEE_TITLE} 상세
        </Title>
        <AlertRegion message={message ?? OWN_MSG.committeeNotFound} />
        {back}
      </Stack>
    );
  }
  const c = data.commission;
  const term = data.term;
  const dialog = data.dialog;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {c.cmtNm}
          </Title>
          <Text size="sm" c="dark.6">
            설립연도 {c.year}년 · 운영상태 {oprSttName(c.oprStt) || c.oprSttNm}
          </Text>
        </div>
        {back}
      </Group>
      <AlertRegion message={message} kind={kind} />

      <section aria-labelledby="terms-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h3" id="terms-title">
            기수 ({data.total})
          </Title>
          <Button component={Link} to={href({ dialog: "term-add", usSeq: null })} preventScrollReset {...opener("term-add")}>
            기수 등록
          </Button>
        </Group>
        {data.terms.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="term-cards">
            {data.terms.map((t) => (
              <TermCard key={t.ctSeq} t={t} selected={t.ctSeq === term?.ctSeq} href={href} opener={opener} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dark.6">{MSG.noData}</Text>
        )}
        {data.total > TERM_PREVIEW ? (
          <Anchor component={Link} to={href({ all: data.all ? "N" : "Y", dialog: null, usSeq: null })} mt="xs" style={TARGET} data-testid="term-toggle" preventScrollReset>
            {data.all ? "닫기" : `더보기 (${data.total - data.terms.length}개 더)`}
          </Anchor>
        ) : null}
      </section>

      {term ? (
        <section aria-labelledby="members-title">
          <Group justify="space-between" mb="xs" align="flex-end">
            <Title order={2} size="h3" id="members-title">
              {term.ctNm} 명단 ({data.members.length}명)
            </Title>
            <Button component={Link} to={href({ dialog: "member-add", term: String(term.ctSeq), usSeq: null })} preventScrollReset {...opener("member-add")}>
              명단 등록
            </Button>
          </Group>
          <ExcelToolbar
            downloadHref={`${COMMITTEE_DETAIL_PATH}/${cmtSeq}/excel${withParams("", { type: "download", term: String(term.ctSeq) })}`}
            templateHref={`${COMMITTEE_DETAIL_PATH}/${cmtSeq}/excel?type=template`}
            uploadAction={here}
            uploadFields={{ cmtSeq: String(cmtSeq), ctSeq: String(term.ctSeq) }}
            result={reply?.excel ?? null}
          />
          <div role="region" aria-label={`${term.ctNm} 명단 표 (4명이 넘으면 스크롤)`} tabIndex={0} data-testid="member-table" style={{ maxHeight: MEMBER_TABLE_MAX_HEIGHT, overflowY: "auto", borderRadius: 4 }}>
            <DataTable
              caption={`${term.ctNm} 명단: 이름, 사번, 성별, 직위, 소속, 활동, 등록일, 삭제`}
              columns={memberColumns(term, cmtSeq, here, href, opener)}
              rows={data.members}
              rowKey={(m) => m.usSeq}
              emptyText={MSG.noData}
              rowTestId="member-row-saved"
              stickyHeader
            />
          </div>
        </section>
      ) : null}

      {dialog && (dialog.kind === "term-add" || dialog.kind === "term-edit") ? (
        <TermDialog key={`${dialog.kind}-${dialog.values.ctSeq}`} values={dialog.values} editing={dialog.kind === "term-edit"} reply={reply} action={here} closeTo={closeTo} />
      ) : null}
      {dialog?.kind === "term-copy" && term ? (
        <DeleteDialog
          id="term-copy"
          title="기수 복사"
          question={OWN_MSG.termConfirmCopy}
          verb={{ value: "copy", label: "복사" }}
          subject={`${term.ctNm} (${termDay(term.operStdt)} ~ ${termDay(term.operEndt)}, 명단 ${term.userCnt ?? 0}명)`}
          action={here}
          fields={{ ctSeq: term.ctSeq }}
          closeTo={closeTo}
        />
      ) : null}
      {dialog?.kind === "term-delete" && term ? (
        <DeleteDialog id="term-delete" title="기수 삭제" subject={`${term.ctNm} (${termDay(term.operStdt)} ~ ${termDay(term.operEndt)})`} action={here} fields={{ ctSeq: term.ctSeq }} closeTo={closeTo} />
      ) : null}
      {dialog?.kind === "member-add" && term ? <MemberDialog cmtSeq={cmtSeq} ctSeq={term.ctSeq} ctNm={term.ctNm} reply={reply} action={here} closeTo={closeTo} /> : null}
      {dialog?.kind === "member-delete" && term && dialog.member ? (
        <DeleteDialog id="member-delete" title="명단 삭제" subject={`${dialog.member.name} (${dialog.member.id}) · ${term.ctNm}`} action={here} fields={{ ctSeq: term.ctSeq, usSeq: dialog.member.usSeq }} closeTo={closeTo} />
      ) : null}
    </Stack>
  );
}
