/**
 * The Mantine theme. Shades are chosen for WCAG AA contrast on white (4.5:1 for body text):
 * Mantine's defaults (blue.6 buttons, red.6 errors, gray.6 dimmed text) fall short of it.
 */
import { createTheme, convertCssVariables, DEFAULT_THEME, getMergedVariables, removeDefaultVariables, mergeMantineTheme } from "~/components/ui/mantine";
import type { CSSVariablesResolver } from "@mantine/core";

/**
 * The Korean system fonts before the generic family, for body text and headings alike (Mantine's
 * default heading stack names no Korean font, so Hangul headings fell back to whatever the browser
 * picked): Apple SD Gothic Neo on Apple systems, Malgun Gothic (also under its Korean name) on
 * Windows, Noto Sans KR on Linux and Android. app/styles/base.css names the same stack for the page
 * before Mantine's variables apply.
 */
export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Apple SD Gothic Neo", "Malgun Gothic", "맑은 고딕", "Noto Sans KR", "Segoe UI", sans-serif';

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 6 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: "sm",
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-error": t.colors.red[9],
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-placeholder": t.colors.gray[7],
    "--mantine-color-anchor": t.colors.indigo[8],
    // a default button's border at 3:1 on white (WCAG 1.4.11; Mantine's gray.4 is 1.49:1)
    "--mantine-color-default-border": t.colors.gray[6],
  },
  dark: {},
});

/**
 * The theme's CSS variables as MantineProvider would write them into every page (its
 * MantineCssVariables), made once: the provider made them again for every render, about 3 % of a
 * page's server time (ADR 0037). root.tsx writes this string and tells the provider not to.
 */
export const THEME_CSS = convertCssVariables(
  removeDefaultVariables(getMergedVariables({ theme: mergeMantineTheme(DEFAULT_THEME, theme), generator: cssVariablesResolver })),
  ":root",
);
