/**
 * The action of a list screen whose dialogs post back to the list route (the people lists and the
 * score screens E01, E04, E06, E18, R06): one place for what they all do before their own work.
 * - Evaluation mode (`/$eiSeq/$menuSeq/$year`) is read-only: any post is 405.
 * - The form is read once, after the CSRF check, whether it is the multipart Excel upload or a
 *   plain dialog post.
 * - Its intent picks the handler; a dialog's in-between steps (the lookup rows' `lookup:<i>`,
 *   `addRow`, `removeRow:<i>`; the school search) go to `step`; any other intent gets `unknown`
 *   (default '잘못된 요청입니다.').
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { OWN_MSG } from "~/schemas/messages.ko";
import { intentOf } from "~/utils/confirm.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { formFailure } from "~/utils/form.server";
import { readMultipartForm } from "~/utils/upload.server";
import { evalParams } from "~/utils/url";

type Handler = (ctx: UserContext, form: FormData, url: URL) => Promise<Response> | Response;

export interface ListActionSpec {
  intents: Record<string, Handler>;
  /** the steps a dialog takes before its save, which answer with the dialog re-rendered */
  step?: { matches: (intent: string) => boolean; run: (ctx: UserContext, form: FormData, intent: string) => Promise<Response> };
  /** the form's intent (default: its `confirm`, else its `intent` field) */
  intent?: (form: FormData) => string;
  unknown?: string;
}

export function listAction(spec: ListActionSpec) {
  return (args: ActionFunctionArgs) =>
    withUser(args, async (ctx) => {
      if (evalParams(args.params)) throw new Response("Method Not Allowed", { status: 405 });
      const url = new URL(args.request.url);
      const form = await readMultipartForm(args.request, ctx.session);
      const intent = spec.intent ? spec.intent(form) : intentOf(form);
      if (spec.step?.matches(intent)) return spec.step.run(ctx, form, intent);
      const handler = intent && Object.hasOwn(spec.intents, intent) ? spec.intents[intent] : undefined;
      return handler ? handler(ctx, form, url) : formFailure(form, spec.unknown ?? OWN_MSG.badRequest);
    });
}
