/** Logout: ends the legacy session (/api/auth/logout.do), clears the session and keep-me-logged-in. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as authApi from "~/legacy/endpoints/auth.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { readForm, withSession } from "~/utils/context.server";
import { quietly } from "~/utils/legacy-errors.server";

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withSession(args, async (session) => {
    await readForm(request, session);
    if (session.user) {
      // the server session may be over already: the local sign-out goes ahead regardless
      await quietly(() => authApi.logout(session));
    }
    session.signOut();
    session.flash(OWN_MSG.loggedOut, "info");
    return redirect("/");
  });
}

export async function loader() {
  return redirect("/");
}
