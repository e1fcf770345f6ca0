/**
 * Sign-in with remix-auth's form strategy over /api/login.do. remix-auth 4 keeps no session:
 * the route stores the result in our sealed session itself (see routes/_index.tsx).
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import * as authApi from "~/legacy/endpoints/auth.server";
import { loginSchema } from "~/schemas/account";

export interface SignedIn extends authApi.SignInResult {
  autoLogin: boolean;
}

export const authenticator = new Authenticator<SignedIn>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    // the route validated the form already; parse again so the strategy never trusts raw input
    const input = loginSchema.parse(Object.fromEntries(form));
    const result = await authApi.login({ userId: input.userId, userPass: input.userPass, autoLogin: input.autoLogin });
    return { ...result, autoLogin: input.autoLogin };
  }),
  "form",
);
