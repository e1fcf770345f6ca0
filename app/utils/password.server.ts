/**
 * The password rules the browser does not check (issue 17, ADR 0024): the commonest passwords are
 * refused by the server only, so the list stays out of the page's scripts. Every action that sets a
 * password runs this after its form's validator; the embedded backend checks it again.
 */
import { OWN_MSG } from "~/schemas/messages.ko";
import { isCommonPassword } from "./common-passwords.server";
import { formFailure } from "./form.server";

/** The form's reply marking `field` when the new password is a common one; null otherwise. */
export function commonPasswordFailure(form: FormData, password: string | undefined, field = "userPass") {
  if (!password || !isCommonPassword(password)) return null;
  return formFailure(form, OWN_MSG.passwordCommon, { [field]: OWN_MSG.passwordCommon }, {}, 422);
}
