/**
 * The errors the legacy gateway raises. Routes turn them into what the user sees:
 * a LegacyError into the '알림' alert with its message, a SessionEndedError into a sign-out
 * and the sign-in page with its message.
 */
import { MSG, OWN_MSG } from "~/schemas/messages.ko";

/**
 * A business error: the server answered with a body status other than 200 (or could not be reached).
 * `message` is what to show: the server's text, or '오류가 발생하였습니다.' when it gave none.
 * `serverMessage` is the server's own text ('' when it gave none), so a screen with its own
 * failure text (a student save: '등록 실패하였습니다.') can use it instead of the generic one;
 * `errorMessage` is the reply's `errorMessage` field as sent (spec 002 §8: an evaluation-mode
 * Excel download shows it).
 */
export class LegacyError extends Error {
  readonly serverMessage: string;
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: string,
    readonly errorMessage?: string,
  ) {
    super(message || MSG.genericError);
    this.name = "LegacyError";
    this.serverMessage = message;
  }
}

/** The server could not be reached, timed out, or answered something that is not the contract. */
export class LegacyUnavailableError extends LegacyError {
  constructor(readonly reason: string) {
    super("", 0);
    this.name = "LegacyUnavailableError";
  }
}

/**
 * The server has no such call: HTTP 404, 405 or 501 to a `.do` post (a legacy server that lacks one
 * of our extensions, docs/contract.md "Extensions"). Pages that use an extension catch it through
 * `optionalCall` (extension.server.ts) and work without it.
 */
export class LegacyMissingCallError extends LegacyError {
  constructor(readonly path: string, readonly httpStatus: number) {
    // shown wherever a page shows a legacy error's message: the reason, not '오류가 발생하였습니다.'
    super(OWN_MSG.callMissing, 0);
    this.name = "LegacyMissingCallError";
  }
}

/** The legacy session is over (HTTP 419, a failed refresh, LOGIN_001/LOGIN_005): sign out and show the message. */
export class SessionEndedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionEndedError";
  }
}

export const isLegacyError = (e: unknown): e is LegacyError => e instanceof LegacyError;
export const isMissingCall = (e: unknown): e is LegacyMissingCallError => e instanceof LegacyMissingCallError;
export const isSessionEnded = (e: unknown): e is SessionEndedError => e instanceof SessionEndedError;
