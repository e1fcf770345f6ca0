/**
 * P02 dashboard (spec 000 §2): shortcut groups (children of menu 2, entry, shown only to holders
 * of authority 1; children of menu 3, evaluation), the received-message panel and the manual.
 */
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "~/components/ui/mantine";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IconFileTypePdf } from "@tabler/icons-react";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { MenuIcon } from "~/components/layout/MenuIcon";
import { buildMenuTree } from "~/components/layout/menuTree";
import { useRootData } from "~/components/layout/useRootData";
import * as messageApi from "~/legacy/endpoints/message.server";
import { MSG } from "~/schemas/messages.ko";
import { splitAuthorities } from "~/schemas/rules";
import { withUser } from "~/utils/context.server";
import { htmlToText } from "~/utils/sanitize.server";
import { failureOf } from "~/utils/legacy-errors.server";

export const meta: MetaFunction = () => [{ title: "대시보드 | 의과대학 교육평가 자료관리" }];

/** The menus whose children are the dashboard's shortcut groups (spec 000 §2). */
const ENTRY_MENU = 2;
interface Notice {
  mhSeq: number;
  text: string;
  regDt: string;
  userNm: string;
  readYn: string;
}
const EVAL_MENU = 3;

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session, user, menus }) => {
    const tree = buildMenuTree(menus ?? []);
    const childrenOf = (seq: number) =>
      (tree.find((n) => n.menuSeq === seq)?.children ?? []).map((c) => ({ menuSeq: c.menuSeq, menuNm: c.menuNm, menuUrl: c.menuUrl, count: c.children.length }));
    const isEntry = splitAuthorities(user.authTy).includes("1");
    let notices: Notice[] = [];
    // the messages panel may fail alone: its message in the panel
    const noticeError = await failureOf(async () => {
      // the same call as the frame's bell: one backend call for both (latestMessages)
      const r = await messageApi.latestMessages(session, user.userSeq);
      notices = r.list.map((m) => ({ mhSeq: m.mhSeq, text: htmlToText(m.msg), regDt: m.regDt, userNm: m.userNm, readYn: m.readYn }));
    });
    return json({
      userNm: user.userNm,
      entry: isEntry ? childrenOf(ENTRY_MENU) : null,
      evaluation: childrenOf(EVAL_MENU),
      notices,
      noticeError,
    });
  });
}

function Shortcuts({ title, items }: { title: string; items: { menuSeq: number; menuNm: string; menuUrl: string; count: number }[] }) {
  return (
    <section aria-labelledby={`shortcut-${title}`}>
      <Title order={2} size="h4" id={`shortcut-${title}`} mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text>{MSG.noData}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {items.map((m) => (
            <li key={m.menuSeq}>
              <Card component={Link} to={m.menuUrl || `/menu/${m.menuSeq}`} withBorder padding="md" className="shortcut-card">
                <Group wrap="nowrap" gap="sm">
                  <MenuIcon menuSeq={m.menuSeq} />
                  <div>
                    <Text fw={700}>{m.menuNm}</Text>
                    {m.count ? (
                      <Text size="sm" c="dimmed">
                        {m.count}개 메뉴
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const flash = useRootData()?.flash;
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        대시보드
      </Title>
      <AlertRegion message={flash?.text} kind={flash?.kind} />
      <Text data-testid="user-name">{data.userNm} 님, 안녕하세요.</Text>
      {data.entry ? <Shortcuts title="자료 입력" items={data.entry} /> : null}
      <Shortcuts title="평가 자료" items={data.evaluation} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="notice-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="notice-title">
              받은 메시지
            </Title>
            <Anchor component={Link} to="/messenger" size="sm">
              전체 보기
            </Anchor>
          </Group>
          {data.noticeError ? (
            <Text c="red.9">{data.noticeError}</Text>
          ) : data.notices.length === 0 ? (
            <Text>{MSG.noReceivedMessages}</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {data.notices.map((n: Notice) => (
                <li key={n.mhSeq}>
                  <Text size="sm" fw={n.readYn === "Y" ? 400 : 700} lineClamp={2}>
                    {n.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {n.userNm} · {n.regDt}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="manual-title">
          <Title order={2} size="h4" id="manual-title" mb="sm">
            사용자 매뉴얼
          </Title>
          <Text size="sm" mb="sm">
            로그인부터 자료 입력, 평가 자료 조회까지의 사용 방법입니다.
          </Text>
          <Anchor href="/dashboard/manual" data-testid="manual-link">
            <Group gap={6} component="span">
              <IconFileTypePdf size={20} aria-hidden />
              매뉴얼 내려받기 (PDF)
            </Group>
          </Anchor>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
