/**
 * An in-app link written as the plain <a> it is (ADR 0050). Remix's Link runs a set of router hooks
 * per link while the server renders (a list page has some sixty: each row's edit and delete, the
 * sort headers, the pager); this one costs an element. With JavaScript, the page's one click
 * handler (`useAppLinks`, installed by root.tsx) navigates as Link does: no page load, the same
 * replace rule, the scroll kept when asked. `data-discover` lets Remix's lazy route discovery find
 * its route, as it finds Link's.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** a path of this site (with its query) */
  to: string;
  /** keep the scroll position (a dialog or another page of the same list) */
  preventScrollReset?: boolean;
  /** replace the history entry instead of adding one */
  replace?: boolean;
};

export function AppLink({ to, preventScrollReset, replace, ...rest }: AppLinkProps) {
  return <a {...rest} href={to} data-app-link={preventScrollReset ? "keep-scroll" : ""} data-replace={replace ? "" : undefined} data-discover="true" />;
}

/** The AppLink an event happened on or in, when it goes to a page of this site. */
export function appLinkAt(target: EventTarget | null): HTMLAnchorElement | null {
  const a = (target as Element | null)?.closest?.("a[data-app-link]");
  return a instanceof HTMLAnchorElement && a.origin === window.location.origin ? a : null;
}

/** The click of an AppLink, as Remix's Link handles its own: a plain left click on a same-window link. */
export function appLinkTarget(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return null;
  const a = appLinkAt(e.target);
  return !a || (a.target && a.target !== "_self") || a.hasAttribute("download") ? null : a;
}

/** Client-side navigation for every AppLink of the document: one listener, not one per link. */
export function useAppLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = appLinkTarget(e);
      if (!a) return;
      e.preventDefault();
      const to = `${a.pathname}${a.search}${a.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: a.hasAttribute("data-replace") || to === here, preventScrollReset: a.dataset.appLink === "keep-scroll" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
