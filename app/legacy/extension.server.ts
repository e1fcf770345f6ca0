/**
 * Calls the specification does not name are our extensions (docs/contract.md "Extensions"): a
 * legacy server written from the spec alone answers them 404, or an error. A page that uses one
 * asks through `optionalCall` and works on without it, saying in Korean what this server does not
 * give; the session still ends on a SessionEndedError, and anything that is not a legacy error
 * is a fault of ours and propagates.
 */
import { OWN_MSG } from "~/schemas/messages.ko";
import { isMissingCall, LegacyError } from "./errors";

export type Optional<T> = { value: T; note: null } | { value: null; note: string };

/** '{what}' is not given by this server: the note a page shows where the extension's part would be. */
export const missingNote = (what: string) => OWN_MSG.extensionMissing.replace("{what}", what);

/**
 * The extension's value, or null and the note to show: `missingNote(what)` when the server has
 * no such call, the server's own message when it answered an error.
 */
export async function optionalCall<T>(what: string, call: () => Promise<T>): Promise<Optional<T>> {
  try {
    return { value: await call(), note: null };
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    return { value: null, note: isMissingCall(e) ? missingNote(what) : e.message };
  }
}
