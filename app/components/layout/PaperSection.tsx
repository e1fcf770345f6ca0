/**
 * A titled part of a page: a bordered paper that is a `section` named by its own h2 (drawn the
 * size of h4), so that a screen reader lists it among the page's regions under its title.
 */
import { Paper, Title } from "~/components/ui/mantine";
import type { MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

export function PaperSection({ titleId, title, titleGap = "sm", children }: { titleId: string; title: ReactNode; titleGap?: MantineSpacing; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
