/**
 * What an ErrorBoundary shows (root.tsx outside the frame, routes/_app.tsx inside it): a heading
 * and the message. A Response the app threw carries its message as `alert` (a LegacyError's,
 * utils/legacy-errors.server.ts, a record that is not there among them; a refusal's: 413, 403);
 * a 404 without one is the not-found page; anything else is '오류가 발생하였습니다.'.
 */
import { Anchor, Container, Stack, Text, Title } from "~/components/ui/mantine";
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "./useRootData";
import { FRAME_MSG } from "~/schemas/messages.frame.ko";

export const NOT_FOUND_TEXT = "요청하신 페이지를 찾을 수 없습니다.";

export function errorText(error: unknown): { title: string; message: string } {
  const data = isRouteErrorResponse(error) ? (error.data as unknown) : null;
  const alert = data && typeof data === "object" && "alert" in data ? String((data as { alert: unknown }).alert) : null;
  if (alert !== null) return { title: FRAME_MSG.alertTitle, message: alert };
  if (isRouteErrorResponse(error) && error.status === 404) return { title: FRAME_MSG.notFound, message: NOT_FOUND_TEXT };
  return { title: FRAME_MSG.alertTitle, message: FRAME_MSG.genericError };
}

/**
 * An answer the app chose (a 404, a refusal with its message) is no error to log; what was thrown
 * unexpectedly is, in the browser (the server's handleError has logged it without its parameters).
 */
export function logUnexpected(error: unknown) {
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
}

/** The error page without the frame: the heading, the message, and the way back (the dashboard when signed in, else sign-in). */
export function PlainErrorPage() {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as RootData | undefined;
  logUnexpected(error);
  const { title, message } = errorText(error);
  return (
    <Container component="main" size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{title}</Title>
        <Text role="alert">{message}</Text>
        {root?.user ? (
          <Anchor component={Link} to="/dashboard">
            대시보드로 이동
          </Anchor>
        ) : (
          <Anchor component={Link} to="/">
            로그인 화면으로 이동
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
