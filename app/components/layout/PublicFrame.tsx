/**
 * The frame of the steps of a sign-in outside the app's menu frame (AppFrame): the second step
 * (/sign-in/otp) and the forced password change (/change-password). The product's name as the
 * page's heading and one card with the step's own heading. The sign-in page (/) writes the same
 * frame out with its subtitle and dialogs: as a module of its own this one cost that page 0.4 KB
 * of its script budget (ADR 0044), which it does not have. `SignOutForm` is the steps' way out:
 * a native post to /logout, without JavaScript too.
 */
import { Box, Button, Container, Paper, Title } from "~/components/ui/mantine";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";

export function PublicFrame({ size, heading, children }: { size: number; heading: ReactNode; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "lg", sm: 60 }}>
      <Container size={size} component="main" id="main">
        <Title order={1} ta="center" size="h2" mb="lg">
          의과대학 교육평가 자료관리
        </Title>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h3" mb="md">
            {heading}
          </Title>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}

/** A step's way out before it is done: the session ends and the sign-in page opens. */
export function SignOutForm() {
  return (
    <Form method="post" action="/logout">
      <CsrfField />
      <Button type="submit" variant="subtle" mt="sm" fullWidth>
        로그아웃
      </Button>
    </Form>
  );
}
