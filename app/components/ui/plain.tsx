/**
 * The list kit's button, group, stack and page title: our own small components, drawn by our own
 * stylesheet (plain.module.css) as Mantine draws its Button, Group, Stack and Title in the app's
 * theme (ADR 0055; before it, ADR 0049 wrote Mantine's generated class names by hand to borrow its
 * stylesheet). Every list page writes some twenty of them through the list kit (page head, filter
 * bar, Excel toolbar, pager), and a Mantine component costs a Box with its style props in the
 * server's render, the web tier's largest cost under load (issue 11).
 *
 * Only what the kit uses is offered. A button that shows a loader while its form posts keeps
 * Mantine's Button (its loader is the component's own).
 */
import { createElement, type CSSProperties, type ReactNode } from "react";
import type { Link } from "@remix-run/react";
import s from "./plain.module.css";

type Spacing = "xs" | "sm" | "md" | "lg" | "xl" | number;

/** a spacing as Mantine writes it: the theme's variable, or px in rem scaled as Mantine scales */
const spacing = (v: Spacing) => (typeof v === "number" ? `calc(${v / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${v})`);

export interface PlainButtonProps {
  /** the element: an in-app link (Remix's Link), a plain anchor (a download) or a button (default) */
  component?: typeof Link | "a" | "button";
  /** Mantine's variants in the theme's primary colour; none is the filled look */
  variant?: "filled" | "default" | "light" | "subtle";
  size?: "sm" | "compact-sm" | "xs";
  leftSection?: ReactNode;
  children: ReactNode;
  [prop: string]: unknown;
}

/** A button or a link that looks like one (Mantine's Button, without `loading`). */
export function PlainButton({ component = "button", variant, size = "sm", leftSection, children, ...rest }: PlainButtonProps) {
  return createElement(
    component as "a",
    { className: s.button, "data-variant": variant, "data-size": size === "sm" ? undefined : size, "data-with-left-section": leftSection ? "" : undefined, ...rest },
    <span className={s.inner}>
      {leftSection ? <span className={s.section}>{leftSection}</span> : null}
      <span className={s.label}>{children}</span>
    </span>,
  );
}

/** A row of boxes (Mantine's Group): gap md, centred, wrapping unless told otherwise. */
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
  // only what differs from the stylesheet's defaults
  const own: CSSProperties = {};
  if (gap !== "md") own.gap = spacing(gap);
  if (align !== "center") own.alignItems = align;
  if (justify !== "flex-start") own.justifyContent = justify;
  if (wrap !== "wrap") own.flexWrap = wrap;
  if (mt !== undefined) own.marginTop = spacing(mt);
  const css = style ? { ...own, ...style } : own;
  return createElement(component, { style: Object.keys(css).length ? css : undefined, className: className ? `${s.group} ${className}` : s.group }, children);
}

/** A column of boxes (Mantine's Stack). */
export function PlainStack({ gap = "md", children }: { gap?: Spacing; children?: ReactNode }) {
  return (
    <div style={gap === "md" ? undefined : { gap: spacing(gap) }} className={s.stack}>
      {children}
    </div>
  );
}

/**
 * A page's title: an h1 the size of the theme's h2 (Mantine's `<Title order={1} size="h2">`).
 * `autoFocus`: it takes the focus as the page loads (a closed dialog's opener is gone; ADR 0059).
 */
export function PageTitle({ children, autoFocus }: { children: ReactNode; autoFocus?: boolean }) {
  return autoFocus ? (
    <h1 className={s.title} tabIndex={-1} autoFocus>
      {children}
    </h1>
  ) : (
    <h1 className={s.title}>{children}</h1>
  );
}
