/**
 * The frame of the pages outside the app's menu frame (AppFrame): the sign-in (/), its second step
 * (/sign-in/otp) and the forced password change (/change-password). The product's name as the
 * page's heading, one card with the step's own heading, and what follows the card (the sign-in's
 * dialogs). `SignOutForm` is those steps' way out: a native post to /logout, without JavaScript too.
 */
import { Box, Button, Container, Paper, Text, Title } from "~/components/ui/mantine";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/form/field-state";

export function PublicFrame({ size, subtitle, heading, after, children }: { size: number; subtitle?: string; heading: ReactNode; after?: ReactNode; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "lg", sm: 60 }}>
      <Container size={size} component="main" id="main">
        <Title order={1} ta="center" size="h2" mb={subtitle ? 4 : "lg"}>
          의과대학 교육평가 자료관리
        </Title>
        {subtitle ? (
          <Text ta="center" c="dimmed" mb="lg">
            {subtitle}
          </Text>
        ) : null}
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h3" mb="md">
            {heading}
          </Title>
          {children}
        </Paper>
        {after}
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
