/**
 * Whether the demo data set is on (issue 17, ADR 0024): DEMO_DATA=1 (or true, yes) turns it on
 * and DEMO_DATA=0 (false, no) off; unset, it is on except with NODE_ENV=production. Both tiers ask
 * it: the embedded backend seeds the demo accounts, the web tier gives the demo administrators
 * their known second factor (ADR 0068). Imports nothing.
 */
export function demoDataEnabled(): boolean {
  const v = process.env.DEMO_DATA?.trim().toLowerCase();
  if (v === "1" || v === "true" || v === "yes") return true;
  if (v === "0" || v === "false" || v === "no") return false;
  return process.env.NODE_ENV !== "production";
}
