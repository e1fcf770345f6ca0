/**
 * Where an activity took place (spec 001 §3/§9: place code '1' on campus, '2' off campus): the
 * participation programs of R17 and the seminars of R07 ask it the same way.
 */
export const PLACE_CODES = [
  { value: "1", label: "교내" },
  { value: "2", label: "교외" },
] as const;

/** The place code's name ('교내' / '교외'), or '' for none. */
export const placeName = (cd: unknown) => PLACE_CODES.find((p) => p.value === String(cd ?? ""))?.label ?? "";
