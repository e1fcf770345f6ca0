/**
 * The `.do` envelope of docs/contract.md: HTTP 200 with `{status, message?, result?}` on success,
 * `{status, message, errorCode?, errorMessage?}` on a business error; HTTP 401/404/419/400/500 for
 * transport-level answers.
 */
import type { ZodTypeAny, z } from "zod";
import { OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { isFallbackMessage } from "../../schemas/zod";

export interface Envelope {
  status: number;
  message?: string;
  result?: unknown;
  errorCode?: string;
  errorMessage?: string;
  /** Calls whose legacy reply has fields beside `status` (Excel upload counts) add them here. */
  [field: string]: unknown;
}

/** A success envelope. */
export function ok(result: unknown = null, message?: string): Envelope {
  return message === undefined ? { status: 200, result } : { status: 200, message, result };
}

/** A business-error envelope (sent with HTTP 200). With an errorCode, errorMessage repeats the text. */
export function fail(status: number, message: string, errorCode?: string): Envelope {
  return errorCode ? { status, message, errorCode, errorMessage: message } : { status, message };
}

/** Thrown by handlers to answer a business error envelope. */
export class ApiError extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.message);
  }
}

/** Thrown to answer a transport-level HTTP status (401, 404, 419 ...) with `{status, message}`. */
export class HttpError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 413 | 419 | 500,
    message: string,
  ) {
    super(message);
  }
}

const HANGUL = /[가-힣]/;

/**
 * Validates `input` with a zod schema; on failure throws status 400 with the first failing rule's
 * message (the Korean error map's fallbacks, e.g. for a wrong JSON type, become OWN_MSG.badRequest).
 * With `order` (a form's screen order) the first failing field in that order decides.
 */
export function parseInput<S extends ZodTypeAny>(schema: S, input: unknown, order?: readonly string[]): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const message = (order ? firstMessage(parsed.error.issues, order) : parsed.error.issues[0]?.message) ?? "";
  throw new ApiError(fail(400, HANGUL.test(message) && !isFallbackMessage(message) ? message : OWN_MSG.badRequest));
}
