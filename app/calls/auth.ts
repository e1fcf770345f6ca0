/**
 * Session calls (spec 000 §7 "Authentication"; §8 the refresh): sign-in, the keep-me-logged-in
 * sign-in, the token refresh, logout, the signed-in user and the check of a session.
 */
import { z } from "zod";
import { wireUser } from "~/legacy/wire";
import { defineCall, noFields } from "./define";

/** What a sign-in answers: the user with its access token, the refresh token, and the user's id for atLogin (UID). */
export const signInResult = z
  .object({
    userInfo: wireUser.extend({ accessToken: z.string().min(1) }),
    reJwtToken: z.string().min(1),
    UID: z.coerce.string().nullish(),
  })
  .passthrough();
export type SignInResult = z.infer<typeof signInResult>;

/** autoLogin and state: 'Y'/'N' and the client ('web') */
const signInFlags = { autoLogin: z.string(), state: z.string() };

export const AUTH = {
  login: defineCall("/api/login.do", { spec: "spec 000 §7", request: z.object({ userId: z.string(), userPass: z.string(), ...signInFlags }), reply: signInResult }),
  /** keep-me-logged-in: a new session from the stored refresh token */
  atLogin: defineCall("/api/auth/atLogin.do", { spec: "spec 000 §7", request: z.object({ reToken: z.string(), uid: z.string(), ...signInFlags }), reply: signInResult }),
  /** sent by the gateway itself with the refresh token (its tokens are read from the reply and its headers) */
  refresh: defineCall("/api/auth/refreshToken.do", { spec: "spec 000 §7", request: z.object({ autoLogin: z.string() }) }),
  logout: defineCall("/api/auth/logout.do", { spec: "spec 000 §7", request: noFields }),
  userInfo: defineCall("/api/auth/userInfo.do", { spec: "spec 000 §7", request: noFields, reply: wireUser }),
  /** the session's user, or userInfo null */
  loginCheck: defineCall("/api/auth/loginCheck.do", { spec: "spec 000 §7", request: noFields, reply: z.object({ userInfo: wireUser.nullish() }).passthrough() }),
} as const;
