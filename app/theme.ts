/**
 * The Mantine theme. Shades are chosen for WCAG AA contrast on white (4.5:1 for body text):
 * Mantine's defaults (blue.6 buttons, red.6 errors, gray.6 dimmed text) fall short of it.
 */
import { createTheme, type CSSVariablesResolver } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 6 },
  fontFamily:
    "'Pretendard', 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', system-ui, -apple-system, 'Segoe UI', sans-serif",
  defaultRadius: "sm",
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-error": t.colors.red[9],
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-placeholder": t.colors.gray[7],
    "--mantine-color-anchor": t.colors.indigo[8],
  },
  dark: {},
});
