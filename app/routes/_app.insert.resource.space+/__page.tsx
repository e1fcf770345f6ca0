/**
 * E17 의과대학 공간 현황 (spec 002 §2 screen 17; ADR 0041): the year (2024 … this year, a GET form),
 * the Excel template and upload (the one toolbar), the nine tabs as links (URL state) and the open
 * tab's form with its own save.
 *
 * The save asks '저장 하시겠습니까?' first: with JavaScript the tab's rules are checked in the
 * browser (the same schema as the server's) and a modal dialog asks; without it the server checks,
 * then answers the question as a step in the page. A refused save, an added or removed row come back
 * with every value of the tab as it was typed (the form is drawn again from the reply's values).
 */
import { Button, Group, Stack, Title } from "~/components/ui/mantine";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { FilterBar, YearFilter } from "~/components/data-table/FilterBar";
import { ExcelToolbar } from "~/components/excel/ExcelToolbar";
import { CsrfField } from "~/components/form/field-state";
import { ConfirmQuestion } from "~/components/form/ConfirmSubmit";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { TabLinks } from "~/components/layout/TabLinks";
import { useHydrated } from "~/components/layout/useHydrated";
import { useRootData } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import { SPACE_PATH, SPACE_TABS, SPACE_TITLE, nestForm, spaceProblem, type SpaceLoaderData, type SpaceReply, type SpaceTab } from "./__schema";
import { SpaceTabFields } from "./__tabs";

const tabHref = (year: number, tab: string) => `${SPACE_PATH}?year=${year}&tab=${tab}`;

function SaveButton({ tab, year, pending, onProblem, cancelHref }: { tab: SpaceTab; year: number; pending: boolean; onProblem: (m: string | null) => void; cancelHref: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group justify="flex-end">
        <Button
          type="submit"
          name="intent"
          value="save"
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            const form = e.currentTarget.form;
            if (!form) return;
            // the tab's rules first (the server checks them again), then the question
            const problem = spaceProblem(tab, { ...nestForm(new FormData(form).entries()), year });
            onProblem(problem);
            if (!problem) setOpen(true);
          }}
        >
          저장
        </Button>
      </Group>
      <ConfirmQuestion action="save" question={MSG.confirmSave} open={open} onClose={() => setOpen(false)} pending={pending} cancelHref={cancelHref} />
    </>
  );
}

export function SpacePage({ data, reply }: { data: SpaceLoaderData; reply?: SpaceReply }) {
  const { year, tab } = data;
  const flash = useRootData()?.flash;
  const mine = reply?.tab === tab && reply.values ? reply : null;
  const values = mine?.values ?? data.values;
  const [client, setClient] = useState<{ stamp: string | undefined; message: string | null }>({ stamp: undefined, message: null });
  const clientMessage = client.stamp === mine?.stamp ? client.message : null;
  const message = clientMessage ?? reply?.excelError ?? mine?.alert ?? data.error ?? flash?.text ?? null;
  const kind = !clientMessage && flash && message === flash.text ? flash.kind : "error";
  const tabLabel = SPACE_TABS.find((t) => t.id === tab)?.label ?? "";
  const here = tabHref(year, tab);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {SPACE_TITLE}
      </Title>
      <AlertRegion message={message} kind={kind} />
      <FilterBar resetTo={SPACE_PATH} label={`${SPACE_TITLE} 검색`}>
        <YearFilter years={data.years} value={year} />
        <input type="hidden" name="tab" value={tab} />
      </FilterBar>
      <ExcelToolbar templateHref={`${SPACE_PATH}/excel?type=template&year=${year}`} uploadAction={here} uploadFields={{ year: String(year) }} result={reply?.excel} />
      <TabLinks label={`${SPACE_TITLE} 탭`} tabs={SPACE_TABS} current={tab} hrefOf={(id) => tabHref(year, id)} testId="space-tabs" />
      {values ? (
        <Form method="post" action={here} id="space-form" aria-label={`${tabLabel} (${year}년)`} preventScrollReset key={`${year}-${tab}-${mine?.stamp ?? "data"}`} noValidate>
          <CsrfField />
          <input type="hidden" name="tab" value={tab} />
          <input type="hidden" name="year" value={year} />
          <Stack gap="md">
            <Title order={2} size="h3">
              {tabLabel} ({year}년)
            </Title>
            <SpaceTabFields tab={tab} values={values} />
            <SaveButton tab={tab} year={year} pending={mine?.confirm === "save"} onProblem={(m) => setClient({ stamp: mine?.stamp, message: m })} cancelHref={here} />
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
