/**
 * P13 survey results (spec 000 §2 /survey/result/{srSeq}; the spec shows no content; issue 5):
 * - the response rate (answered personal links over sent) and the answer counts;
 * - per question: counts and percentages per option, the mean score where the items carry scores,
 *   and a bar chart with the same numbers in a table (the chart drawn on the server, ADR 0043);
 *   free-text answers a page at a time (TEXT_PAGE_SIZE per question; `?tq={sqSeq}&tp={page}`
 *   pages one question's, with links that work without JavaScript);
 * - per lecture (when the survey has lecture rows): answers and each question's mean and counts;
 * - Excel export of every answer sheet (resource route survey.result.$srSeq.excel.tsx).
 */
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "~/components/ui/mantine";
import { Table } from "~/components/ui/Table";
import { Pager } from "~/components/data-table/Pager";
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { StaticChart } from "~/components/chart/StaticChart";
import { isMissingCall } from "~/legacy/errors";
import { orLegacy } from "~/utils/legacy-errors.server";
import { missingNote } from "~/legacy/extension.server";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG } from "~/schemas/messages.ko";
import surveyStyles from "~/styles/survey.css";
import { horizontalBarChartSvg } from "~/utils/chart.server";
import { withUser } from "~/utils/context.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.srName || "설문"} 결과 | 의과대학 교육평가 자료관리` }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const srSeq = args.params.srSeq ?? "";
    if (!/^[1-9][0-9]{0,9}$/.test(srSeq)) throw new Response("Not Found", { status: 404 });
    const url = new URL(args.request.url);
    const tq = url.searchParams.get("tq") ?? "";
    const tp = url.searchParams.get("tp") ?? "";
    const paged = /^[1-9][0-9]{0,9}$/.test(tq) && /^[1-9][0-9]{0,5}$/.test(tp) ? { sqSeq: Number(tq), page: Number(tp) } : undefined;
    return orLegacy(async () => {
      const result = pageTexts(await surveyApi.surveyResult(session, Number(srSeq), paged), paged);
      // each choice question's bar chart, drawn here (ADR 0043): no chart code in the browser
      const charts: Record<number, string> = {};
      for (const q of result.questions)
        if (q.sqType === 1 && q.items.length) charts[q.sqSeq] = horizontalBarChartSvg({ data: q.items.map((i) => ({ label: i.text, count: i.count })), x: "label", series: [RESULT_SERIES] });
      return json({ srSeq: Number(srSeq), srName: result.info.srName, status: result.info.status, result, charts, note: null as string | null });
    }, async (message, e) => {
      // spec 000 §7 "Result reading calls for survey results: not shown": getSurveyResult.do is ours
      // (docs/contract.md "Extensions"); a server without it gets the survey's name and a note
      if (isMissingCall(e)) {
        const info = await surveyApi.surveyInfo(session, Number(srSeq));
        return json({ srSeq: Number(srSeq), srName: info.srName, status: info.status ?? "", result: null, charts: {}, note: missingNote("설문 결과 조회") as string | null });
      }
      session.flash(message, "error");
      throw redirect("/survey");
    });
  });
}

/** free-text answers on one page of a question */
const TEXT_PAGE_SIZE = 20;

/**
 * Each text question's page of answers with its count and page number. A server that pages them
 * says so (`textCnt`, `textPage`); one that sends every text is paged here, so the page stays small.
 */
export function pageTexts(result: surveyApi.WireSurveyResult, paged: { sqSeq: number; page: number } | undefined) {
  const size = result.textPageSize ?? TEXT_PAGE_SIZE;
  const questions = result.questions.map((q) => {
    if (q.sqType !== 2) return { ...q, textCnt: 0, textPage: 1, textSize: size };
    if (q.textCnt != null && q.texts.length <= size) return { ...q, textCnt: q.textCnt, textPage: q.textPage ?? 1, textSize: size };
    const total = q.texts.length;
    const page = Math.min(paged?.sqSeq === q.sqSeq ? paged.page : 1, Math.max(1, Math.ceil(total / size)));
    return { ...q, texts: q.texts.slice((page - 1) * size, page * size), textCnt: total, textPage: page, textSize: size };
  });
  return { ...result, questions };
}

/** the one series of a question's chart: answers per option */
const RESULT_SERIES = { key: "count", label: "응답 수", color: "indigo.7" };

type Result = ReturnType<typeof pageTexts>;
type Question = Result["questions"][number];

const pct = (n: number | null) => (n === null ? "-" : `${n.toLocaleString("ko-KR", { maximumFractionDigits: 1 })}%`);
const meanText = (m: number | null) => (m === null ? "-" : m.toLocaleString("ko-KR", { maximumFractionDigits: 2 }));

function ChoiceResult({ q, chart }: { q: Question; chart: string | undefined }) {
  const scored = q.items.some((i) => i.score !== null);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Table withTableBorder withColumnBorders striped data-testid="result-table">
        <caption className="table-caption">
          문항 {q.sqNo}. 답가지별 응답 (응답자 {q.answerCnt}명{q.multiAns === "Y" ? ", 복수 응답" : ""})
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">답가지</Table.Th>
            {scored ? <Table.Th scope="col">점수</Table.Th> : null}
            <Table.Th scope="col">응답 수</Table.Th>
            <Table.Th scope="col">비율</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.items.map((it) => (
            <Table.Tr key={it.siSeq}>
              <Table.Th scope="row" fw={400}>
                {it.text}
              </Table.Th>
              {scored ? <Table.Td ta="right">{it.score ?? "-"}</Table.Td> : null}
              <Table.Td ta="right">{it.count}</Table.Td>
              <Table.Td className="survey-bar-cell">
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" w={52} ta="right">
                    {pct(it.percent)}
                  </Text>
                  <div className="survey-bar-track" style={{ flex: 1 }} aria-hidden="true">
                    <div className="survey-bar" style={{ width: `${Math.min(100, it.percent)}%` }} />
                  </div>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {q.mean !== null ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">평균 점수</Table.Th>
              <Table.Td colSpan={scored ? 3 : 2} fw={700} data-testid="result-mean">
                {meanText(q.mean)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
      {chart ? <StaticChart svg={chart} testId="result-chart" className="survey-chart" /> : null}
    </SimpleGrid>
  );
}

function TextResult({ q }: { q: Question }) {
  if (q.texts.length === 0) return <Text size="sm">{MSG.noData}</Text>;
  const first = (q.textPage - 1) * q.textSize + 1;
  return (
    <>
      <ol className="survey-texts" start={first} data-testid="result-texts" aria-label={`문항 ${q.sqNo ?? ""} 주관식 응답 ${first}–${first + q.texts.length - 1}번째`}>
        {q.texts.map((t) => (
          <li key={`${t.rsSeq}`}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {t.text}
            </Text>
          </li>
        ))}
      </ol>
      {q.textCnt > q.textSize ? (
        <Pager
          total={q.textCnt}
          page={q.textPage}
          size={q.textSize}
          pageParam="tp"
          also={{ tq: String(q.sqSeq) }}
          hash={`rs-q-${q.sqSeq}`}
          navLabel={`문항 ${q.sqNo ?? ""} 주관식 응답 페이지 이동`}
          sizeChoice={false}
        />
      ) : null}
    </>
  );
}

export default function SurveyResultPage() {
  const data = useLoaderData<typeof loader>();
  const flash = useRootData()?.flash;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            설문 결과
          </Title>
          <Text mt={4} fw={700}>
            {data.srName}{" "}
            <Text span c="dimmed" fw={400}>
              ({data.status})
            </Text>
          </Text>
        </div>
        <Group gap="sm">
          {data.result ? (
            <Button component="a" href={`/survey/result/${data.srSeq}/excel`} variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
              엑셀 다운로드
            </Button>
          ) : null}
          <Anchor component={Link} to="/survey">
            목록
          </Anchor>
        </Group>
      </Group>
      <AlertRegion message={flash?.text} kind={flash?.kind} />
      {data.result ? (
        <SurveyResult result={data.result} charts={data.charts} />
      ) : (
        <Paper withBorder p="md" radius="md" component="section" aria-label="설문 결과" data-testid="result-unavailable">
          <Text>{data.note}</Text>
        </Paper>
      )}
    </Stack>
  );
}

function SurveyResult({ result, charts }: { result: Result; charts: Record<number, string> }) {
  const s = result.summary;
  const choiceQs = result.questions.filter((q) => q.sqType === 1);
  return (
    <>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rs-summary">
        <Title order={2} size="h4" id="rs-summary" mb="sm">
          응답 현황
        </Title>
        <Table withTableBorder withColumnBorders data-testid="result-summary">
          <caption className="visually-hidden">응답 현황: 대상자, 발송, 응답과 응답률</caption>
          <Table.Head titles={["대상자", "발송", "응답 (개인 링크)", "응답 (공개 링크)", "전체 응답", "응답률 (개인 링크 응답 / 발송)"]} />
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{s.recipientCnt}</Table.Td>
              <Table.Td>{s.sentCnt}</Table.Td>
              <Table.Td>{s.recipientAnswerCnt}</Table.Td>
              <Table.Td>{s.publicAnswerCnt}</Table.Td>
              <Table.Td>{s.answerCnt}</Table.Td>
              <Table.Td data-testid="response-rate">{pct(s.responseRate)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>

      <Stack gap="md" component="section" aria-labelledby="rs-questions">
        <Title order={2} size="h4" id="rs-questions">
          문항별 결과
        </Title>
        {result.questions.map((q) =>
          q.sqType === 0 ? (
            <Title key={q.sqSeq} order={3} size="h5" className="survey-result-section">
              {q.sqSubj}
            </Title>
          ) : (
            <Paper key={q.sqSeq} withBorder p="md" radius="md" component="article" aria-labelledby={`rs-q-${q.sqSeq}`} data-testid="result-question">
              <Title order={3} size="h5" id={`rs-q-${q.sqSeq}`} mb="xs">
                {q.sqNo}. {q.sqSubj}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {q.sqType === 1 ? "객관식" : "주관식"} · 응답자 {q.answerCnt}명{q.mean !== null ? ` · 평균 점수 ${meanText(q.mean)}` : ""}
              </Text>
              {q.sqType === 1 ? <ChoiceResult q={q} chart={charts[q.sqSeq]} /> : <TextResult q={q} />}
            </Paper>
          ),
        )}
      </Stack>

      {result.lectures.length > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rs-lectures">
          <Title order={2} size="h4" id="rs-lectures" mb="sm">
            강의별 결과
          </Title>
          <Table.ScrollContainer minWidth={600}>
            <Table withTableBorder withColumnBorders striped data-testid="result-lectures">
              <caption className="table-caption">강의별 응답 수와 문항별 평균 점수 (점수가 없는 문항은 가장 많이 고른 답가지)</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">강의</Table.Th>
                  <Table.Th scope="col">담당교수</Table.Th>
                  <Table.Th scope="col">응답 수</Table.Th>
                  {choiceQs.map((q) => (
                    <Table.Th scope="col" key={q.sqSeq}>
                      문항 {q.sqNo}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.lectures.map((l) => (
                  <Table.Tr key={l.slSeq}>
                    <Table.Th scope="row" fw={500}>
                      {l.slName}
                    </Table.Th>
                    <Table.Td>{l.pfName}</Table.Td>
                    <Table.Td ta="right">{l.answerCnt}</Table.Td>
                    {choiceQs.map((q) => {
                      const lq = l.questions.find((x) => x.sqSeq === q.sqSeq);
                      if (!lq || lq.answerCnt === 0) return <Table.Td key={q.sqSeq}>-</Table.Td>;
                      if (lq.mean !== null) return <Table.Td key={q.sqSeq} ta="right">{meanText(lq.mean)}</Table.Td>;
                      const top = [...lq.items].sort((a, b) => b.count - a.count)[0];
                      return <Table.Td key={q.sqSeq}>{top ? `${top.text} (${top.count})` : "-"}</Table.Td>;
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </>
  );
}
