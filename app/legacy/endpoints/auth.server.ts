/** Session calls of spec 000 §7 (app/calls/auth.ts). */
import { AUTH } from "~/calls/auth";
import { callLegacy, type TokenHolder } from "../gateway.server";

export type { SignInResult } from "~/calls/auth";

const STATE = "web";

export function login(input: { userId: string; userPass: string; autoLogin: boolean }) {
  return callLegacy(AUTH.login, { userId: input.userId, userPass: input.userPass, autoLogin: input.autoLogin ? "Y" : "N", state: STATE });
}

export function autoLogin(input: { reToken: string; uid: string }) {
  return callLegacy(AUTH.atLogin, { reToken: input.reToken, uid: input.uid, state: STATE, autoLogin: "Y" });
}

export function logout(session: TokenHolder) {
  return callLegacy(AUTH.logout, {}, { session });
}

export function userInfo(session: TokenHolder) {
  return callLegacy(AUTH.userInfo, {}, { session });
}

export function loginCheck(session: TokenHolder) {
  return callLegacy(AUTH.loginCheck, {}, { session });
}
