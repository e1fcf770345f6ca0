/** Logout: ends the legacy session (/api/auth/logout.do), clears the session and keep-me-logged-in. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isSessionEnded, LegacyError } from "~/legacy/errors";
import * as authApi from "~/legacy/endpoints/auth.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { readForm, withSession } from "~/utils/context.server";

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withSession(args, async (session) => {
    await readForm(request, session);
    if (session.user) {
      try {
        await authApi.logout(session);
      } catch (e) {
        // the server session may be over already: the local sign-out goes ahead regardless
        if (!(e instanceof LegacyError) && !isSessionEnded(e)) throw e;
      }
    }
    session.signOut();
    session.flash(OWN_MSG.loggedOut, "info");
    return redirect("/");
  });
}

export async function loader() {
  return redirect("/");
}
