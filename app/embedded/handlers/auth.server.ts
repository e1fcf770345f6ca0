/**
 * Session calls (app/calls/auth.ts): login.do, auth/refreshToken.do, auth/logout.do,
 * auth/userInfo.do, auth/loginCheck.do, auth/atLogin.do.
 */
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { requiredText } from "../../schemas/rules";
import { and, eq } from "drizzle-orm";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../crypto.server";
import { bearerToken, LOGIN_001, LOGIN_005 } from "../lib/auth.server";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { AUTH } from "../../calls/auth";
import { HttpError, fail, ok, parseInput } from "../lib/envelope.server";
import { endSession, rotateRefresh, startSession, type TokenPair } from "../lib/sessions.server";
import { accountProblem, findUserByLoginId, toUserDto } from "../lib/users.server";
import { users, type UserRow } from "../db/schema";

/** 'Y' for Y / true / 'true', else 'N'. */
const ynFlag = z.preprocess((v) => (v === "Y" || v === "y" || v === true || v === "true" ? "Y" : "N"), z.enum(["Y", "N"]));

const LoginBody = z.object({
  userId: requiredText(MSG.idRequired),
  userPass: z
    .string({ required_error: MSG.passwordRequired, invalid_type_error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired),
  autoLogin: ynFlag,
});

const AtLoginBody = z.object({
  reToken: z.string().min(1),
  uid: z.union([z.string(), z.number()]).transform(String),
  autoLogin: ynFlag,
});

async function signedInResult(ctx: CallContext, user: UserRow, pair: TokenPair) {
  return {
    userInfo: { ...(await toUserDto(ctx.db, user)), accessToken: pair.accessToken },
    reJwtToken: pair.reJwtToken,
    UID: String(user.userSeq),
  };
}

async function login(ctx: CallContext) {
  const body = parseInput(LoginBody, ctx.body);
  const user = await findUserByLoginId(ctx.db, body.userId);
  if (!user || body.userPass.length > 256) {
    await verifyPassword(body.userPass.slice(0, 256), await dummyPasswordHash());
    return fail(400, OWN_MSG.loginFailed);
  }
  if (!(await verifyPassword(body.userPass, user.passHash))) return fail(400, OWN_MSG.loginFailed);
  const problem = accountProblem(user);
  if (problem) return fail(400, problem);
  // a hash made at an older, lower cost is replaced now that the password is at hand (crypto.server.ts)
  if (needsRehash(user.passHash)) {
    await ctx.db.update(users).set({ passHash: await hashPassword(body.userPass) }).where(and(eq(users.userSeq, user.userSeq), eq(users.passHash, user.passHash)));
  }

  const { session: _s, ...pair } = await startSession(ctx.db, await ctx.deps.tokens(), user.userSeq, body.autoLogin);
  return ok(await signedInResult(ctx, user, pair));
}

async function refreshToken(ctx: CallContext) {
  const token = bearerToken(ctx.req);
  if (!token) throw new HttpError(401, MSG.sessionExpired);
  const tokens = await ctx.deps.tokens();
  const verified = await tokens.verify(token, "refresh");
  if (!verified.ok) throw new HttpError(401, MSG.sessionExpired);

  const r = await rotateRefresh(ctx.db, tokens, verified.claims);
  switch (r.kind) {
    case "ok":
      return ok({ accessToken: r.accessToken, reJwtToken: r.reJwtToken });
    case "ended":
      throw new HttpError(419, MSG.pleaseLogin);
    case "reused":
      return fail(401, MSG.sessionExpired, LOGIN_005);
    case "account":
      return fail(403, r.message, LOGIN_001);
  }
}

async function logout(ctx: CallContext) {
  await endSession(ctx.db, requireAuth(ctx).session.sid);
  return ok(null, OWN_MSG.loggedOut);
}

async function userInfo(ctx: CallContext) {
  return ok(await toUserDto(ctx.db, requireAuth(ctx).user));
}

async function loginCheck(ctx: CallContext) {
  return ok({ userInfo: ctx.auth ? await toUserDto(ctx.db, ctx.auth.user) : null });
}

async function atLogin(ctx: CallContext) {
  const parsed = AtLoginBody.safeParse(ctx.body);
  if (!parsed.success) return fail(400, MSG.autoLoginFailed);
  const tokens = await ctx.deps.tokens();
  const verified = await tokens.verify(parsed.data.reToken, "refresh");
  if (!verified.ok || String(verified.claims.userSeq) !== parsed.data.uid) return fail(400, MSG.autoLoginFailed);

  const r = await rotateRefresh(ctx.db, tokens, verified.claims);
  if (r.kind === "account") return fail(400, r.message);
  if (r.kind !== "ok") return fail(400, MSG.autoLoginFailed);
  return ok(await signedInResult(ctx, r.user, r));
}

export const authRoutes: RouteDef[] = [
  route(AUTH.login, "none", login),
  route(AUTH.refresh, "none", refreshToken),
  route(AUTH.logout, "required", logout),
  route(AUTH.userInfo, "required", userInfo),
  route(AUTH.loginCheck, "optional", loginCheck),
  route(AUTH.atLogin, "none", atLogin),
];
