/**
 * The personal link of the consent page (issue 6): an HMAC over the form, the person and an
 * expiry. A changed form, person, expiry or MAC, or a passed expiry, is refused.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "~/embedded/db/client.server";
import { agreePath, hasContent, signLink, verifyLink } from "~/embedded/handlers/agree-common.server";
import { htmlHasContent } from "~/schemas/privacy";

/** Just enough of a database for the secret in app_settings. */
function fakeDb(secret = randomBytes(32).toString("base64url")): Db {
  const rows = [{ key: "agree_link_secret", value: secret }];
  return {
    insert: () => ({ values: () => ({ onConflictDoNothing: async () => undefined }) }),
    select: () => ({ from: () => ({ where: () => ({ limit: async () => rows }) }) }),
  } as unknown as Db;
}

const DAY = 86_400_000;

describe("signLink / verifyLink", () => {
  it("accepts its own signature until it expires", async () => {
    const db = fakeDb();
    const sig = await signLink(db, 7, 42, new Date(Date.now() + DAY));
    expect(sig).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyLink(db, 7, 42, sig)).toBe(true);
    expect(await verifyLink(db, 7, 42, sig, Date.now() + 2 * DAY)).toBe(false);
  });

  it("refuses another form or person, a changed expiry or MAC, another key, and malformed values", async () => {
    const db = fakeDb();
    const sig = await signLink(db, 7, 42, new Date(Date.now() + DAY));
    const [exp, mac] = sig.split(".");
    expect(await verifyLink(db, 7, 43, sig)).toBe(false);
    expect(await verifyLink(db, 8, 42, sig)).toBe(false);
    expect(await verifyLink(db, 7, 42, `${(Number.parseInt(exp, 36) + 3600).toString(36)}.${mac}`)).toBe(false);
    expect(await verifyLink(db, 7, 42, `${exp}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(await verifyLink(fakeDb(), 7, 42, sig)).toBe(false);
    for (const bad of ["", "abc", `${exp}.`, `.${mac}`, `${exp}.${mac}x`, `${exp}..${mac}`, `-1.${mac}`]) {
      expect(await verifyLink(db, 7, 42, bad), bad).toBe(false);
    }
  });

  it("an already expired signature never verifies", async () => {
    const db = fakeDb();
    const sig = await signLink(db, 1, 2, new Date(Date.now() - 1000));
    expect(await verifyLink(db, 1, 2, sig)).toBe(false);
  });

  it("agreePath puts the signature in ?sig=", () => {
    expect(agreePath(3, 190, "ab.c_d-e")).toBe("/send/privacyAgree/3/190?sig=ab.c_d-e");
  });
});

describe("content checks", () => {
  it("text or an image is content; blanks, entities and scripts alone are not", () => {
    for (const yes of ["<p>동의</p>", '<p><img src="/editor-media/a.png" alt=""></p>', "텍스트"]) {
      expect(htmlHasContent(yes), yes).toBe(true);
      expect(hasContent(yes), yes).toBe(true);
    }
    for (const no of ["", "<p> </p>", "<p>&nbsp;</p>", "<br><br>", "<script>alert(1)</script>", "<style>p{}</style>"]) {
      expect(htmlHasContent(no), no).toBe(false);
    }
  });
});
