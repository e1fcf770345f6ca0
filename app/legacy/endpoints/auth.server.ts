/** Session calls of spec 000 §7. */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { wireUser } from "../wire";

const signInResult = z
  .object({
    userInfo: wireUser.extend({ accessToken: z.string().min(1) }),
    reJwtToken: z.string().min(1),
    UID: z.coerce.string().nullish(),
  })
  .passthrough();
export type SignInResult = z.infer<typeof signInResult>;

const STATE = "web";

export function login(input: { userId: string; userPass: string; autoLogin: boolean }) {
  return legacyPost(
    "/api/login.do",
    { userId: input.userId, userPass: input.userPass, autoLogin: input.autoLogin ? "Y" : "N", state: STATE },
    signInResult,
  );
}

export function autoLogin(input: { reToken: string; uid: string }) {
  return legacyPost("/api/auth/atLogin.do", { reToken: input.reToken, uid: input.uid, state: STATE, autoLogin: "Y" }, signInResult);
}

export function logout(session: TokenHolder) {
  return legacyPost("/api/auth/logout.do", {}, z.unknown(), { session });
}

export function userInfo(session: TokenHolder) {
  return legacyPost("/api/auth/userInfo.do", {}, wireUser, { session });
}

export function loginCheck(session: TokenHolder) {
  return legacyPost("/api/auth/loginCheck.do", {}, z.object({ userInfo: wireUser.nullish() }).passthrough(), { session });
}
