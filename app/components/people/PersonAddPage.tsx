/** R02/R04: the student and professor registration pages (spec 001 §2), for the year of `?year=`. */
import { Stack, Title } from "~/components/ui/mantine";
import { useLocation } from "@remix-run/react";
import { PEOPLE, type PersonAddData } from "~/schemas/people";
import { ProfessorForm, StudentForm, type PersonReply } from "./PersonForm";

export function PersonAddPage({ data, reply }: { data: PersonAddData; reply?: PersonReply }) {
  const location = useLocation();
  const { codes, year } = data;
  const form = { action: `${location.pathname}${location.search}`, reply, mode: "create" as const, cancelHref: `${PEOPLE[codes.kind].path}?year=${year}` };
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {PEOPLE[codes.kind].label} 등록 ({year}년)
      </Title>
      {codes.kind === "student" ? <StudentForm {...form} codes={codes} currentYear={data.currentYear} /> : <ProfessorForm {...form} codes={codes} />}
    </Stack>
  );
}
