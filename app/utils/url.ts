/** URL helpers shared by pages and components (no server code). */

/**
 * `search` with `changes` applied: a value sets its key, null removes it (and '' too when
 * `dropEmpty`). Answers '?a=1&b=2', or '' when nothing is left.
 */
export function withParams(search: string, changes: Record<string, string | null>, dropEmpty = false): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || (dropEmpty && value === "")) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A positive 32-bit integer from a query or form value ('12' → 12), or null. */
export const seqParam = (v: string | null | undefined): number | null =>
  v && /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;

/**
 * The evaluation route's parameters (`…/$eiSeq/$menuSeq/$year`) as numbers, or null outside
 * evaluation mode; a malformed one is 404.
 */
export function evalParams(params: Record<string, string | undefined>): { eiSeq: number; menuSeq: number; year: number } | null {
  if (params.eiSeq === undefined) return null;
  const eiSeq = Number(params.eiSeq);
  const menuSeq = Number(params.menuSeq);
  const year = Number(params.year);
  if (![eiSeq, menuSeq, year].every((n) => Number.isInteger(n) && n > 0)) throw new Response("Not Found", { status: 404 });
  return { eiSeq, menuSeq, year };
}

/** The public answer link of a survey on this site. */
export const surveyLink = (origin: string, srSeq: number) => `${origin}/survey/ask/${srSeq}`;
