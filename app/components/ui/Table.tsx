/**
 * Mantine's Table, element for element (its classes, data attributes and CSS variables, so its
 * stylesheet draws it as before), without `Table.ScrollContainer` (ADR 0036). Mantine's Table
 * carries its scroll container as a static property, which makes ScrollArea and floating-ui live
 * code; esbuild then puts them in a chunk shared by every page whose Mantine inputs import
 * ScrollArea for their side effects: about 19 KB of gzipped script on each list and form page
 * for a scroll container no page uses.
 *
 * `Table.ScrollContainer` is the browser's own horizontal scroll around a table of at least
 * `minWidth` pixels (the DataTable's too: app.css `.table-scroll`). `Table.Head` is our own
 * shorthand for a head of plain column titles (Mantine has none).
 *
 * Same props as Mantine's for what the product uses: striped, highlightOnHover, withTableBorder,
 * withColumnBorders, withRowBorders (default true), stickyHeader, verticalSpacing, horizontalSpacing and Box's
 * style props.
 */
import { Box, getSpacing, tableClasses as classes, type BoxProps } from "~/components/ui/mantine";
import { createContext, useContext, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from "react";
import type { MantineSpacing } from "@mantine/core";

interface TableOptions {
  striped?: boolean;
  highlightOnHover?: boolean;
  withTableBorder?: boolean;
  withColumnBorders?: boolean;
  withRowBorders?: boolean;
  /** the head stays at the top of a scrolling container */
  stickyHeader?: boolean;
  verticalSpacing?: MantineSpacing | number;
  horizontalSpacing?: MantineSpacing | number;
}

const TableContext = createContext<TableOptions>({});

/** Mantine's verticalSpacing default, 7px, as Mantine writes it */
const DEFAULT_VERTICAL = 7;

function spacing(v: MantineSpacing | number | undefined): string | undefined {
  return v === undefined ? undefined : getSpacing(v);
}

type TableProps = TableOptions & BoxProps & Omit<ComponentPropsWithoutRef<"table">, keyof BoxProps | "style"> & { style?: CSSProperties };

function TableRoot({ striped, highlightOnHover, withTableBorder, withColumnBorders, withRowBorders = true, stickyHeader, verticalSpacing = DEFAULT_VERTICAL, horizontalSpacing, className, style, ...rest }: TableProps) {
  const vars = {
    "--table-vertical-spacing": spacing(verticalSpacing),
    "--table-horizontal-spacing": spacing(horizontalSpacing),
  } as CSSProperties;
  return (
    <TableContext.Provider value={{ striped, highlightOnHover, withColumnBorders, withRowBorders, stickyHeader }}>
      <Box
        component="table"
        className={[classes.table, "mantine-Table-table", className].filter(Boolean).join(" ")}
        mod={{ "data-with-table-border": withTableBorder }}
        style={{ ...vars, ...style }}
        {...rest}
      />
    </TableContext.Provider>
  );
}

type Part = "thead" | "tbody" | "tfoot" | "tr" | "th" | "td" | "caption";

/** what Mantine's Table puts on each element (Table.components.mjs getDataAttributes) */
function dataAttributes(part: Part, o: TableOptions): Record<string, string | true | undefined> {
  if (part === "th" || part === "td") return { "data-with-column-border": o.withColumnBorders || undefined };
  if (part === "tr")
    return {
      "data-with-row-border": o.withRowBorders || undefined,
      "data-striped": o.striped ? "odd" : undefined,
      "data-hover": o.highlightOnHover || undefined,
    };
  if (part === "caption") return { "data-side": "bottom" };
  if (part === "thead") return { "data-sticky": o.stickyHeader || undefined };
  return {};
}

function part<P extends Part>(tag: P) {
  function TablePart({ className, ...rest }: BoxProps & Omit<ComponentPropsWithoutRef<P>, keyof BoxProps>) {
    const o = useContext(TableContext);
    const props = { className: [classes[tag], `mantine-Table-${tag}`, className].filter(Boolean).join(" "), ...dataAttributes(tag, o), ...rest };
    return <Box component={tag as "table"} {...(props as BoxProps)} />;
  }
  return TablePart;
}

/** A table's horizontal scroll: reachable by keyboard and named (WCAG 2.1.1; axe scrollable-region-focusable). */
function ScrollContainer({ minWidth, label = "표", children }: { minWidth: number; label?: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}

const parts = {
  Thead: part("thead"),
  Tbody: part("tbody"),
  Tfoot: part("tfoot"),
  Tr: part("tr"),
  Th: part("th"),
  Td: part("td"),
  Caption: part("caption"),
};

/** A head of plain column titles: one row of `th scope="col"`, in the order given. */
function Head({ titles }: { titles: readonly ReactNode[] }) {
  return (
    <parts.Thead>
      <parts.Tr>
        {titles.map((title, i) => (
          <parts.Th key={i} scope="col">
            {title}
          </parts.Th>
        ))}
      </parts.Tr>
    </parts.Thead>
  );
}

export const Table = Object.assign(TableRoot, {
  ...parts,
  Head,
  ScrollContainer,
  classes,
});
