/**
 * The signed-in frame: every page under it gets the header, side menu and footer. Its loader
 * runs the route guard (withUser) and loads the menu tree and the bell. Its ErrorBoundary shows
 * a screen's error (a LegacyError's message, utils/legacy-errors.server.ts) in the page area of
 * the same frame.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppFrame, type BellData } from "~/components/layout/AppFrame";
import { buildMenuTree } from "~/components/layout/menuTree";
import * as messageApi from "~/legacy/endpoints/message.server";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PageTitle } from "~/components/ui/plain";
import { errorText, logUnexpected, PlainErrorPage } from "~/components/layout/ErrorPage";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { orLegacy } from "~/utils/legacy-errors.server";
import { htmlToText } from "~/utils/sanitize.server";

/** The bell may fail alone: the frame shows its message in the bell's place. */
function loadBell(ctx: Parameters<Parameters<typeof withUser>[1]>[0]): Promise<BellData> {
  return orLegacy(
    async () => {
      const r = await messageApi.latestMessages(ctx.session, ctx.user.userSeq);
      return {
        unread: r.unread,
        recent: r.list.map((m) => ({ mhSeq: m.mhSeq, text: htmlToText(m.msg), regDt: m.regDt, userNm: m.userNm, readYn: m.readYn })),
      };
    },
    (error) => ({ unread: 0, recent: [], error }),
  );
}

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const bell = await loadBell(ctx);
    return json({
      user: { userId: ctx.user.userId, userNm: ctx.user.userNm, dptNm: ctx.user.dptNm ?? null },
      menus: ctx.menus ? buildMenuTree(ctx.menus) : [],
      menuError: ctx.menus ? null : MSG.menuLoadError,
      bell,
      navOpen: url.searchParams.get("nav") === "open",
    });
  });
}

/** The frame reloads after any form post (bell count, menus) and on its own URL state. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return defaultShouldRevalidate;
};

export default function Frame() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppFrame user={data.user} menus={data.menus} menuError={data.menuError} bell={data.bell} navOpen={data.navOpen}>
      <Outlet />
    </AppFrame>
  );
}

/**
 * A screen's error inside the frame: a child route without a boundary of its own bubbles here,
 * and this boundary replaces the frame's component, so it draws the frame again from the frame's
 * loader data with the message in the page area. When the frame's own loader failed (no data),
 * the plain page of the root's boundary.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <PlainErrorPage />;
  logUnexpected(error);
  const { title, message } = errorText(error);
  return (
    <AppFrame user={data.user} menus={data.menus} menuError={data.menuError} bell={data.bell} navOpen={data.navOpen}>
      <PageTitle>{title}</PageTitle>
      <AlertRegion message={message} />
    </AppFrame>
  );
}
