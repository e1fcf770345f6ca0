/**
 * The current-password check of the profile and the forced password change (issue 37 items 1 and
 * 5, ADR 0064).
 *
 * - **Rate-limited as a sign-in** (ADR 0023): the check is a password guess against the signed-in
 *   account, so it takes from the same allowances as the sign-in form (the account's attempts and
 *   waits, the address's) and a wrong password is a failed sign-in of that account; a right one
 *   clears the account's failures as a sign-in does. A refusal is the sign-in's 429 and message.
 * - **Checked through the spec's own means.** Spec 000 §7's profile save, `insertUserInfo.do`, has
 *   no field for the current password (ours, `currentPass`, goes along and the embedded backend
 *   checks it too, but a legacy server ignores it), and the spec names one call that checks a
 *   password: `login.do {userId, userPass}`. So the web tier signs in with the typed password
 *   before it sends the change, and signs that check's own legacy session out at once.
 *
 * This module catches a LegacyError itself (errors in one place, legacy-errors.server.ts): as in
 * the sign-in action, the kind of error decides the rate limit (a refusal by the server is a
 * failure, an unreachable server counts nothing and propagates to the page's usual message).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import * as authApi from "~/legacy/endpoints/auth.server";
import { LegacyError, LegacyUnavailableError } from "~/legacy/errors";
import { OWN_MSG } from "~/schemas/messages.ko";
import { formFailure } from "./form.server";
import { quietly } from "./legacy-errors.server";
import { clientAddress, rateLimits, refusedForm } from "./rate-limit.server";
import { isKnownBrowser } from "./session.server";

/**
 * Checks `currentPass` for `userId`: null when it is right, else the form's reply (429 with the
 * wait, or '현재 비밀번호가 일치하지 않습니다.' on the current-password field, the input kept).
 */
export async function checkCurrentPassword(args: Pick<ActionFunctionArgs, "request" | "context">, form: FormData, userId: string, currentPass: string): Promise<Response | null> {
  const address = clientAddress(args.context);
  const limits = await rateLimits();
  const refused = await limits.signInGate(userId, address, isKnownBrowser(args.request, userId));
  if (refused) return refusedForm(form, refused);
  try {
    const r = await authApi.login({ userId, userPass: currentPass, autoLogin: false });
    // the check's own legacy session ends at once (best effort: it expires on its own)
    const holder = { accessToken: r.userInfo.accessToken, refreshToken: r.reJwtToken, autoLogin: false, setTokens: () => undefined };
    await quietly(() => authApi.logout(holder));
  } catch (e) {
    if (e instanceof LegacyError && !(e instanceof LegacyUnavailableError) && e.status < 500) {
      await limits.signInFailed(userId, address);
      return formFailure(form, OWN_MSG.currentPassWrong, { currentPass: OWN_MSG.currentPassWrong });
    }
    throw e;
  }
  await limits.signInSucceeded(userId);
  return null;
}
