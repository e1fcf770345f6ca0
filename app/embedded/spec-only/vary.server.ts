/**
 * The shape varier: a reply's `result` rewritten the way a Java legacy server written from the
 * spec may send it, same values in other shapes. The web tier reads replies tolerantly
 * (app/legacy/wire.ts); tests/unit/tolerant-replies.test.ts runs the endpoint calls through this
 * and expects the same values as without it. Meant also for a "spec-only mode" of the embedded
 * backend.
 *
 * The rules, applied to every value, deterministically (no randomness, no dependencies):
 * - a number becomes its text: 12 → '12', 1.5 → '1.5';
 * - a flag that is exactly 'Y' or 'N' becomes a boolean: 'Y' → true, 'N' → false;
 * - an empty text becomes null: '' → null (an absent value);
 * - an empty list becomes null: [] → null (a Java server's absent list);
 * - a list of bare numbers or texts under a key ending in `List` becomes a code list:
 *   `yearList: [2026, 2025]` → `[{id: '2026', text: '2026'}, {id: '2025', text: '2025'}]`;
 * - a code, an object of texts `id` and `text` (`{id, text}`, other keys beside), stays as it is;
 * - any other object or list is rewritten key by key, item by item; null and booleans stay.
 */

const isCode = (v: Record<string, unknown>) => typeof v.id === "string" && typeof v.text === "string";

const isBare = (v: unknown): v is string | number => typeof v === "string" || typeof v === "number";

function vary(value: unknown, key: string): unknown {
  if (typeof value === "number") return String(value);
  if (value === "Y") return true;
  if (value === "N") return false;
  if (value === "") return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (key.endsWith("List") && value.every(isBare)) return value.map((v) => ({ id: String(v), text: String(v) }));
    return value.map((v) => vary(v, ""));
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (isCode(o)) return o;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, vary(v, k)]));
  }
  return value;
}

/** `value` (a reply's `result`) as a Java legacy server might send it (see the file's comment). */
export function varyReply(value: unknown): unknown {
  return vary(value, "");
}
