import type { ReactNode } from "react";
import { Group, Title } from "~/components/ui/mantine";

/** A page's heading row: the h1 and what stands under it (`sub`) on the left, the page's buttons on the right. */
export function PageHeading({ title, sub, actions }: { title: string; sub?: ReactNode; actions: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {sub}
      </div>
      <Group gap="sm">{actions}</Group>
    </Group>
  );
}
