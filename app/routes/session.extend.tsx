/**
 * POST /session/extend: the session warning's '연장' (components/layout/SessionWarning.tsx; issue
 * 36 item 10, WCAG 2.2.1, ADR 0066). A CSRF-checked post like every other: the signed-in session's
 * idle time counts again from now (`touch`); a session that has already timed out answers 401, and
 * a form posted then keeps what was typed through the sign-in (guard.server.ts).
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { readForm, withSession } from "~/utils/context.server";
import { env } from "~/utils/env.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action(args: ActionFunctionArgs) {
  return withSession(args, async (session) => {
    await readForm(args.request, session);
    if (!session.user) return json({ extended: false }, { status: 401, headers: NO_STORE });
    session.touch();
    return json({ extended: true, idleMinutes: env.sessionIdleMinutes }, { headers: NO_STORE });
  });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
