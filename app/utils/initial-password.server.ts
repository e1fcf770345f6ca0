/**
 * A new initial password (ADR 0040, ADR 0063): 12 characters drawn at random, each kind at least
 * once (spec 000 §5's rule), not a common one. The web tier draws it for a reset and sends it as
 * the spec's `changePwd.do {userSeq, userPass}`; the embedded backend draws one for a user an
 * administrator registers. Shown once to the administrator, never logged.
 */
import { randomInt } from "node:crypto";
import { isCommonPassword } from "./common-passwords.server";

const LOWER = "abcdefghjkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKMNPQRSTUVWXYZ";
const DIGIT = "23456789";
const SPECIAL = "!@#$%^&*";

export function initialPassword(): string {
  const all = LOWER + UPPER + DIGIT + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)];
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGIT), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(all))];
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const pw = chars.join("");
    if (!isCommonPassword(pw)) return pw;
  }
}
