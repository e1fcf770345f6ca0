/**
 * Mantine's Button, Group, Stack and page Title as their markup: the same elements, classes, data
 * attributes and CSS variables, so Mantine's stylesheet draws them as before, without the
 * components (ADR 0049). Every list page writes some twenty of them through the list kit (page
 * head, filter bar, Excel toolbar, pager), and each Mantine component costs a Box with its style
 * props in the server's render, the web tier's largest cost under load (issue 11).
 *
 * Only what the kit uses is offered. tests/unit/plain-markup.test.ts renders each of these and the
 * Mantine component with the same props in the app's theme and requires the same HTML, so a
 * Mantine upgrade that changes its markup fails there. A button that shows a loader while its
 * form posts keeps Mantine's Button (its loader is the component's own).
 */
import { getSpacing } from "~/components/ui/mantine";
import { createElement, type CSSProperties, type ReactNode } from "react";
import type { Link } from "@remix-run/react";

type Spacing = "xs" | "sm" | "md" | "lg" | "xl" | number;

const BORDER = "calc(0.0625rem * var(--mantine-scale)) solid";
/** the variant's colours as Mantine's default variant resolver writes them for the theme's primary colour (indigo) */
const VARIANT_VARS = {
  filled: { "--button-bg": "var(--mantine-color-indigo-filled)", "--button-hover": "var(--mantine-color-indigo-filled-hover)", "--button-color": "var(--mantine-color-white)", "--button-bd": `${BORDER} transparent` },
  default: { "--button-bg": "var(--mantine-color-default)", "--button-hover": "var(--mantine-color-default-hover)", "--button-color": "var(--mantine-color-default-color)", "--button-bd": `${BORDER} var(--mantine-color-default-border)` },
  light: { "--button-bg": "var(--mantine-color-indigo-light)", "--button-hover": "var(--mantine-color-indigo-light-hover)", "--button-color": "var(--mantine-color-indigo-light-color)", "--button-bd": `${BORDER} transparent` },
  subtle: { "--button-bg": "transparent", "--button-hover": "var(--mantine-color-indigo-light-hover)", "--button-color": "var(--mantine-color-indigo-light-color)", "--button-bd": `${BORDER} transparent` },
} as const;
/** the size's variables; none for the default size (sm), which the stylesheet holds */
const sizeVars = (size: string) => ({ "--button-height": `var(--button-height-${size})`, "--button-padding-x": `var(--button-padding-x-${size})`, "--button-fz": `var(--mantine-font-size-${size.replace("compact-", "")})` });
/** a Button without a variant: the stylesheet's filled look, the colour only */
const NO_VARIANT = { "--button-color": "var(--mantine-color-white)" };
const BUTTON_CLASS = "mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root";

export interface PlainButtonProps {
  /** the element: an in-app link (Remix's Link), a plain anchor (a download) or a button (default) */
  component?: typeof Link | "a" | "button";
  /** Mantine's variant; none is the filled look */
  variant?: keyof typeof VARIANT_VARS;
  size?: "sm" | "compact-sm" | "xs";
  leftSection?: ReactNode;
  children: ReactNode;
  [prop: string]: unknown;
}

/** Mantine's Button as markup (without `loading`). */
export function PlainButton({ component = "button", variant, size = "sm", leftSection, children, ...rest }: PlainButtonProps) {
  const style = { ...(size === "sm" ? null : sizeVars(size)), ...(variant ? VARIANT_VARS[variant] : NO_VARIANT) } as CSSProperties;
  return createElement(
    component as "a",
    { style, className: BUTTON_CLASS, "data-variant": variant, "data-size": size === "sm" ? undefined : size, "data-with-left-section": leftSection ? "true" : undefined, ...rest },
    <span className="m_80f1301b mantine-Button-inner">
      {leftSection ? (
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
      ) : null}
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>,
  );
}

const margin = (mt?: Spacing) => (mt === undefined ? null : { marginTop: getSpacing(mt) });

/** Mantine's Group as markup. */
export function PlainGroup({
  component = "div",
  gap = "md",
  align = "center",
  justify = "flex-start",
  wrap = "wrap",
  mt,
  style,
  className,
  children,
}: {
  component?: "div" | "ul";
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  mt?: Spacing;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
}) {
  const vars = { "--group-gap": getSpacing(gap), "--group-align": align, "--group-justify": justify, "--group-wrap": wrap, ...margin(mt), ...style } as CSSProperties;
  return createElement(component, { style: vars, className: className ? `${className} m_4081bf90 mantine-Group-root` : "m_4081bf90 mantine-Group-root" }, children);
}

/** Mantine's Stack as markup. */
export function PlainStack({ gap = "md", children }: { gap?: Spacing; children?: ReactNode }) {
  const vars = { "--stack-gap": getSpacing(gap), "--stack-align": "stretch", "--stack-justify": "flex-start" } as CSSProperties;
  return (
    <div style={vars} className="m_6d731127 mantine-Stack-root">
      {children}
    </div>
  );
}

const H2_VARS = { "--title-fw": "var(--mantine-h2-font-weight)", "--title-lh": "var(--mantine-h2-line-height)", "--title-fz": "var(--mantine-h2-font-size)" } as CSSProperties;

/** A page's title: Mantine's `<Title order={1} size="h2">` as markup. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 style={H2_VARS} className="m_8a5d1357 mantine-Title-root" data-size="h2" data-order="1">
      {children}
    </h1>
  );
}
