import baseStyles from "./styles/base.css";
import mantineStyles from "./styles/mantine.css";
import appStyles from "./styles/app.css";
import { cssBundleHref } from "@remix-run/css-bundle";
import { ColorSchemeScript, mantineHtmlProps, MantineProvider } from "~/components/ui/mantine";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { withSession } from "~/utils/context.server";
import { env } from "~/utils/env.server";
import { PlainErrorPage } from "~/components/layout/ErrorPage";
import { cssVariablesResolver, theme, THEME_CSS } from "./theme";
import type { RootData } from "~/components/layout/useRootData";
import { useNonce } from "~/components/layout/nonce";
import { useFocusOnNavigation } from "~/components/layout/focus";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: baseStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The staff pages' stylesheets (Mantine's for the components the product uses; the build's CSS
 * bundle, the CSS modules of our own components: the frame, the list kit, the record table, ADR
 * 0055; the app's), before any route's own. A page served without JavaScript (the public answer
 * and consent pages) carries only base.css and its own stylesheet: a phone on a mobile network
 * loads a few kilobytes, not the component library's styles (ADR 0036).
 */
const STAFF_STYLESHEETS = [mantineStyles, ...(cssBundleHref ? [cssBundleHref] : []), appStyles];

export const meta: MetaFunction = () => [{ title: "의과대학 교육평가 자료관리" }];

export async function loader(args: LoaderFunctionArgs) {
  return withSession(args, async (session) => {
    const flash = session.takeFlash() ?? null;
    // a form posted after the session timed out comes back once on its page, as its reply (ADR 0066)
    const draft = session.takeDraft(new URL(args.request.url).pathname);
    const data: RootData = { csrf: session.csrfToken, user: session.user ?? null, flash, idleMinutes: env.sessionIdleMinutes, ...(draft ? { draft } : {}) };
    return json(data, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/**
 * A route that exports `handle = { scripts: false }` is served without any JavaScript and without
 * the staff stylesheets: the public answer and consent pages work as plain HTML forms on phones
 * (docs/architecture.md "Phones") and style themselves.
 */
export interface RouteHandle {
  scripts?: boolean;
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const scripts = !matches.some((m) => (m.handle as RouteHandle | undefined)?.scripts === false);
  // every script element carries the request's CSP nonce (docs/decisions/0022-csp-nonces.md): a
  // new inline script here needs `nonce={nonce}` too, or the browser refuses to run it
  const nonce = useNonce();
  useEffect(() => {
    // lets tests (and styles) tell a hydrated page from a server-rendered one
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="ko" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {scripts ? STAFF_STYLESHEETS.map((href) => <link key={href} rel="stylesheet" href={href} />) : null}
        <Links />
        {scripts ? <ColorSchemeScript defaultColorScheme="light" nonce={nonce} /> : null}
      </head>
      <body>
        {/* the theme's variables, made once (theme.ts), where the provider would write them */}
        <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: THEME_CSS }} />
        {/* without Mantine's global responsive classes (its hiddenFrom and visibleFrom props): no markup uses them since the frame has its own rules (ADR 0055) */}
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          {children}
        </MantineProvider>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // a page change in the browser moves the focus to the new page's h1 (issue 36; ADR 0059)
  useFocusOnNavigation();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <PlainErrorPage />;
}
