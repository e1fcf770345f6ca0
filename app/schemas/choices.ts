/**
 * The parts of the field rules (rules.ts) that pages use themselves, in a module without zod:
 * the choices a form offers and what a number input keeps while typing. A page whose forms
 * validate on the server only (the sign-in page, ADR 0044) imports these without downloading the
 * validation library; rules.ts re-exports them.
 */
export const PHONE_PREFIXES = ["010", "011", "016", "018", "019"] as const;
export const AUTHORITIES = [
  { code: "1", label: "입력자" },
  { code: "2", label: "교육평가위원회" },
] as const;

/**
 * What a number input keeps while typing: digits, and for decimals one point with at most
 * `decimals` digits after it, cut to `maxLength`.
 */
export function filterNumberInput(value: string, decimals: number, maxLength: number): string {
  let out = "";
  let point = -1;
  for (const ch of value) {
    if (ch >= "0" && ch <= "9") {
      if (point >= 0 && out.length - point > decimals) continue;
      out += ch;
    } else if (ch === "." && decimals > 0 && point < 0) {
      point = out.length;
      out += ch;
    }
  }
  return out.slice(0, maxLength);
}
