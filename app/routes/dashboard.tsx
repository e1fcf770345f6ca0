/**
 * P02 dashboard. Until the platform-frame issue builds the frame and the shortcut groups, it shows
 * the signed-in user and a logout button (issue 2's minimal signed-in page).
 */
import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/form/AppForm";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { AUTHORITIES, splitAuthorities } from "~/schemas/rules";
import { withUser } from "~/utils/context.server";

export const meta: MetaFunction = () => [{ title: "대시보드 | 의과대학 교육평가 자료관리" }];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ user }) => json({ user }));
}

export default function Dashboard() {
  const { user } = useLoaderData<typeof loader>();
  const flash = useRootData()?.flash;
  const roles = splitAuthorities(user.authTy)
    .map((c) => AUTHORITIES.find((a) => a.code === c)?.label ?? c)
    .join(", ");
  return (
    <Container size="md" py="xl" component="main" id="main">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            대시보드
          </Title>
          <Form method="post" action="/logout">
            <CsrfField />
            <Button type="submit" variant="outline">
              로그아웃
            </Button>
          </Form>
        </Group>
        <AlertRegion message={flash?.text} kind={flash?.kind} />
        <Paper withBorder p="lg">
          <Text size="lg" fw={600} data-testid="user-name">
            {user.userNm} 님
          </Text>
          <Text>아이디: {user.userId}</Text>
          {user.dptNm ? <Text>소속: {user.dptNm}</Text> : null}
          <Text>권한: {roles}</Text>
        </Paper>
      </Stack>
    </Container>
  );
}
