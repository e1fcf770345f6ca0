/**
 * The '알림' message region: a live region (role="alert") that shows the flash message of the
 * last redirect and the `alert` of the last failed submit. It always exists in the page so that
 * screen readers announce what appears in it.
 */
import { Text, Box } from "~/components/ui/mantine";
import { FRAME_MSG } from "~/schemas/messages.frame.ko";

export function AlertRegion({ message, kind = "error" }: { message?: string | null; kind?: "info" | "error" }) {
  const color = kind === "error" ? "red" : "indigo";
  return (
    // empty, it takes no room in the layout; it stays in the page so that what appears is announced
    <div role="alert" aria-atomic="true" data-testid="alert-region" style={message ? undefined : { position: "absolute" }}>
      {message ? (
        <Box
          mb="md"
          p="sm"
          bg={`${color}.0`}
          style={{ borderLeft: `4px solid var(--mantine-color-${color}-8)`, borderRadius: "var(--mantine-radius-sm)" }}
        >
          <Text fw={700} size="sm" c={`${color}.9`}>
            {FRAME_MSG.alertTitle}
          </Text>
          <Text size="sm" c="dark.9">
            {message}
          </Text>
        </Box>
      ) : null}
    </div>
  );
}
