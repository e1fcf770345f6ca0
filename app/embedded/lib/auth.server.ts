/**
 * Authentication of `.do` calls by the access token (`Authorization: Bearer <token>`):
 * HTTP 401 when it is missing, expired or invalid; HTTP 419 when its session was ended; a LOGIN_001
 * envelope when the account was disabled or is no longer approved (the session is ended too).
 */
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { ACCOUNT } from "../../calls/account";
import { AUTH } from "../../calls/auth";
import { ApiError, HttpError, fail } from "./envelope.server";
import type { AuthInfo, Deps } from "./context.server";
import { endSession, findSessionWithUser, isLive } from "./sessions.server";
import { accountProblem, authoritiesOf, isAdmin } from "./users.server";

export const LOGIN_001 = "LOGIN_001";
export const LOGIN_005 = "LOGIN_005";
/** Our addition (ADR 0024): the account must replace its password before anything else. */
export const PW_CHANGE = "PW_CHANGE";

/** What a user who must change their password may still call. */
const OPEN_DURING_PW_CHANGE = new Set([ACCOUNT.changeMyPwd.path, AUTH.logout.path, AUTH.userInfo.path, AUTH.loginCheck.path]);

/** The bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Authenticates a request. With `optional`, a request without any Authorization header is
 * anonymous (null); a header that is present must be valid.
 */
export async function authenticate(deps: Deps, req: Request, optional = false): Promise<AuthInfo | null> {
  const token = bearerToken(req);
  if (!token) {
    if (optional && !req.headers.has("authorization")) return null;
    throw new HttpError(401, MSG.sessionExpired);
  }
  const verified = await (await deps.tokens()).verify(token, "access");
  if (!verified.ok) throw new HttpError(401, MSG.sessionExpired);

  const found = await findSessionWithUser(deps.db, verified.claims.sid);
  if (!found || !isLive(found.session) || found.session.userSeq !== verified.claims.userSeq) {
    throw new HttpError(419, MSG.pleaseLogin);
  }
  const { session, user } = found;
  const problem = accountProblem(user);
  if (problem) {
    await endSession(deps.db, session.sid);
    throw new ApiError(fail(403, problem, LOGIN_001));
  }
  // the first administrator's generated password opens the change screen and nothing else
  if (user.pwChangeYn === "Y" && !OPEN_DURING_PW_CHANGE.has(new URL(req.url).pathname)) {
    throw new ApiError(fail(403, OWN_MSG.passwordChangeRequired, PW_CHANGE));
  }
  return { user, session, isAdmin: isAdmin(user), authorities: authoritiesOf(user) };
}
