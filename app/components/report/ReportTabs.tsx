/**
 * Pieces of the synced-report page for the shapes of issue 13, part 2 (ReportPage renders them
 * from the definition):
 * - `ReportTabLinks`: a report's tabs (ReportDef.tabs) as URL state (`TabLinks`); each tab starts
 *   from its own defaults (filter, sort, paging);
 * - `LoadDataButton`: E05's 'load data' (spec 002 §2 screen 5), which looks disabled outside
 *   evaluation mode and in evaluation mode loads the evaluation's data again (the engine's
 *   evaluation data call with eiSeq, menuSeq and year).
 */
import { Button, Group, Text } from "~/components/ui/mantine";
import { Link, useLocation } from "@remix-run/react";
import { IconDatabaseImport } from "@tabler/icons-react";
import { TabLinks } from "~/components/layout/TabLinks";
import type { ReportDef } from "~/reports/definitions";
import { OWN_MSG } from "~/schemas/messages.ko";

export function ReportTabLinks({ def }: { def: ReportDef }) {
  const location = useLocation();
  if (!def.tabs?.length) return null;
  return <TabLinks label={`${def.title} 탭`} tabs={def.tabs} current={def.tab ?? ""} hrefOf={(id) => `${location.pathname}?tab=${id}`} testId="report-tabs" />;
}

export function LoadDataButton({ evaluation }: { evaluation: boolean }) {
  const location = useLocation();
  if (evaluation) {
    return (
      <Group>
        <Button component={Link} to={`${location.pathname}${location.search}`} variant="light" leftSection={<IconDatabaseImport size={16} aria-hidden />} data-testid="load-data">
          데이터 불러오기
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm">
      <Button disabled leftSection={<IconDatabaseImport size={16} aria-hidden />} aria-describedby="load-data-note" data-testid="load-data">
        데이터 불러오기
      </Button>
      <Text size="sm" c="dark.7" id="load-data-note">
        {OWN_MSG.loadDataEvalOnly}
      </Text>
    </Group>
  );
}
