/**
 * The signed-in frame: every page under it gets the header, side menu and footer. Its loader
 * runs the route guard (withUser) and loads the menu tree and the bell.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppFrame, type BellData } from "~/components/layout/AppFrame";
import { buildMenuTree } from "~/components/layout/menuTree";
import { LegacyError } from "~/legacy/errors";
import * as messageApi from "~/legacy/endpoints/message.server";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { htmlToText } from "~/utils/sanitize.server";

async function loadBell(ctx: Parameters<Parameters<typeof withUser>[1]>[0]): Promise<BellData> {
  try {
    const r = await messageApi.latestMessages(ctx.session, ctx.user.userSeq);
    return {
      unread: r.unread,
      recent: r.list.map((m) => ({ mhSeq: m.mhSeq, text: htmlToText(m.msg), regDt: m.regDt, userNm: m.userNm, readYn: m.readYn })),
    };
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    return { unread: 0, recent: [], error: e.message };
  }
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
