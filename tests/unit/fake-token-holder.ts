import type { TokenHolder } from "~/legacy/gateway.server";

/** A session's tokens as the gateway sees them (the gateway tests, in-process and over HTTP). */
export class FakeSession implements TokenHolder {
  autoLogin = false;
  constructor(
    public accessToken: string,
    public refreshToken: string,
  ) {}
  setTokens(a: string, r: string) {
    this.accessToken = a;
    this.refreshToken = r;
  }
}
