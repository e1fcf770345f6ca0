/**
 * Server paging for record lists: page links and a page-size choice (10/20/30/50) kept in the
 * URL (`page`, `size`), so paging works without JavaScript; with it the size choice applies at
 * once.
 */
import { NativeSelect, Text } from "~/components/ui/mantine";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useHydrated } from "~/components/layout/useHydrated";
import { PAGE_SIZES } from "~/utils/list-url";
import { FOCUS_PARAM } from "~/utils/focus-return";
import { PlainButton, PlainGroup } from "~/components/ui/plain";

/** Page numbers around the current one, with gaps (null) towards the first and last. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const set = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] - sorted[i - 1] > 1) out.push(null);
    out.push(sorted[i]);
  }
  return out;
}

interface PagerProps {
  total: number;
  page: number;
  size: number;
  unit?: string;
  /** the count's, for the search box's description */
  id?: string;
  /** the URL parameter of the page number (several pagers on one page each have their own) */
  pageParam?: string;
  /** parameters the page links also set (which part of the page the page number is for) */
  also?: Record<string, string>;
  /** the part of the page the links go back to (its id), for a full page load without JavaScript */
  hash?: string;
  /** the page links' name; one page with several pagers names each */
  navLabel?: string;
  /** false: a fixed page size, no size choice */
  sizeChoice?: boolean;
}

/**
 * The count is a polite status region: a search or a filter with JavaScript changes it in place,
 * and it is read out (issue 36).
 */
export function Pager({ total, page, size, unit = "건", id, pageParam = "page", also, hash, navLabel = "페이지 이동", sizeChoice = true }: PagerProps) {
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const pages = Math.max(1, Math.ceil(total / size));
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(location.search);
    // a closed dialog's focus return (ADR 0059) is not carried to another page
    q.delete(FOCUS_PARAM);
    for (const [k, v] of Object.entries(also ?? {})) q.set(k, v);
    if (p <= 1) q.delete(pageParam);
    else q.set(pageParam, String(p));
    const s = q.toString();
    return `${location.pathname}${s ? `?${s}` : ""}${hash ? `#${hash}` : ""}`;
  };
  const keep = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== "size" && k !== "page" && k !== FOCUS_PARAM);
  return (
    <PlainGroup justify="space-between" mt="sm" wrap="wrap" gap="sm">
      <Text size="sm" data-testid="total" role="status" id={id}>
        전체 <b>{total.toLocaleString("ko-KR")}</b>
        {unit}
      </Text>
      {pages > 1 ? (
        <nav aria-label={navLabel}>
          <PlainGroup gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {page > 1 ? (
              <li>
                <PlainButton component={Link} to={hrefFor(page - 1)} preventScrollReset variant="default" size="compact-sm" aria-label="이전 페이지">
                  ‹
                </PlainButton>
              </li>
            ) : null}
            {pageWindow(page, pages).map((p, i) =>
              p === null ? (
                <li key={`gap-${i}`} aria-hidden>
                  …
                </li>
              ) : (
                <li key={p}>
                  <PlainButton
                    component={Link}
                    to={hrefFor(p)}
                    preventScrollReset
                    variant={p === page ? "filled" : "default"}
                    size="compact-sm"
                    aria-label={`${p} 페이지`}
                    aria-current={p === page ? "page" : undefined}
                  >
                    {p}
                  </PlainButton>
                </li>
              )
            )}
            {page < pages ? (
              <li>
                <PlainButton component={Link} to={hrefFor(page + 1)} preventScrollReset variant="default" size="compact-sm" aria-label="다음 페이지">
                  ›
                </PlainButton>
              </li>
            ) : null}
          </PlainGroup>
        </nav>
      ) : null}
      {sizeChoice ? (
        <Form method="get" preventScrollReset>
          {keep.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <PlainGroup gap={6} align="flex-end">
            <NativeSelect
              // a new default (another tab's own page size) after a client-side navigation
              key={size}
              name="size"
              label="페이지당 행 수"
              size="xs"
              defaultValue={String(size)}
              data={PAGE_SIZES.map((s) => ({
                value: String(s),
                label: `${s}개`,
              }))}
              onChange={(e) => hydrated && submit(e.currentTarget.form, { preventScrollReset: true })}
            />
            {hydrated ? null : (
              <button type="submit" className="mantine-like-button">
                적용
              </button>
            )}
          </PlainGroup>
        </Form>
      ) : null}
    </PlainGroup>
  );
}
