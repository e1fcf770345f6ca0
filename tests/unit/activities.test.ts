/**
 * R15/R16 the activity form's one definition (app/schemas/activities.ts): the dialog's rules for
 * both kinds with the spec's messages (spec 001 §5 "Volunteer and health-care"), in the order the
 * '알림' reads them, and the wire record ⇄ form mapping (the saved attachments' usyn on removal).
 */
import { describe, expect, it } from "vitest";
import { ACTIVITY_KINDS, activityOrder, activitySchema, formOfRecord, isWireDate, wireInfo, type ActivityKind } from "~/schemas/activities";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { firstMessage } from "~/schemas/person-fields";
import { checkKey } from "~/schemas/student-rows";

const good = (kind: ActivityKind, over: Record<string, unknown> = {}) => ({
  year: "2026",
  seq: "",
  rows: [{ id: "2026001", name: "홍길동", usSeq: "7", checked: checkKey("2026", "2026001") }],
  stde: "2026-03-02",
  ende: "2026-03-02",
  time: "999",
  place: kind === "volunteer" ? "보건소" : "",
  country: kind === "medical" ? "베트남" : "",
  school: kind === "medical" ? "하노이 의과대학" : "",
  tel1: "02",
  tel2: "123",
  tel3: "4567",
  ...over,
});

/** The message the '알림' shows for a form (the first failing field in screen order). */
function messageOf(kind: ActivityKind, form: Record<string, unknown>): string | undefined {
  const r = activitySchema(kind).safeParse(form);
  if (r.success) return undefined;
  return firstMessage(r.error.issues, activityOrder(kind).map((f) => f.replace(/\[(\d+)\]/g, ".$1")));
}

describe.each(["volunteer", "medical"] as ActivityKind[])("%s form", (kind) => {
  it("accepts a complete record (same-day activity, 999 hours, phone parts optional)", () => {
    expect(messageOf(kind, good(kind))).toBeUndefined();
    expect(messageOf(kind, good(kind, { tel1: "", tel2: "", tel3: "" }))).toBeUndefined();
  });

  it("refuses with the spec's messages, the student first", () => {
    expect(messageOf(kind, good(kind, { year: "" }))).toBe(MSG.yearRequired);
    expect(messageOf(kind, good(kind, { rows: [] }))).toBe(OWN_MSG.studentIdRequired);
    expect(messageOf(kind, good(kind, { rows: [{ id: "2026001", name: "", usSeq: "", checked: "" }] }))).toBe(MSG.lookupNotConfirmed);
    // a lookup made for another year, or for another number, no longer holds
    expect(messageOf(kind, good(kind, { year: "2025" }))).toBe(MSG.lookupNotConfirmed);
    expect(messageOf(kind, good(kind, { rows: [{ id: "2026002", name: "홍길동", usSeq: "7", checked: checkKey("2026", "2026001") }] }))).toBe(MSG.lookupNotConfirmed);
    expect(messageOf(kind, good(kind, { stde: "" }))).toBe(OWN_MSG.activityStartRequired);
    expect(messageOf(kind, good(kind, { ende: "2026-02-30" }))).toBe(OWN_MSG.activityDateFormat);
    expect(messageOf(kind, good(kind, { stde: "2026-03-03" }))).toBe(MSG.activityStartAfterEnd);
    expect(messageOf(kind, good(kind, { time: "" }))).toBe(OWN_MSG.activityHoursRequired);
    expect(messageOf(kind, good(kind, { time: "1000" }))).toBe(OWN_MSG.activityHoursDigits);
    expect(messageOf(kind, good(kind, { time: "1.5" }))).toBe(OWN_MSG.activityHoursDigits);
    expect(messageOf(kind, good(kind, { tel3: "12345" }))).toBe(OWN_MSG.phoneFormat);
    expect(messageOf(kind, good(kind, { tel2: "12a" }))).toBe(OWN_MSG.phoneFormat);
  });

  it("asks for the kind's own place fields only", () => {
    if (kind === "volunteer") {
      expect(messageOf(kind, good(kind, { place: "" }))).toBe(MSG.placeRequired);
      expect(messageOf(kind, good(kind, { country: "", school: "" }))).toBeUndefined();
    } else {
      expect(messageOf(kind, good(kind, { country: "" }))).toBe(OWN_MSG.activityCountryRequired);
      expect(messageOf(kind, good(kind, { school: "" }))).toBe(MSG.placeRequired);
      expect(messageOf(kind, good(kind, { place: "" }))).toBeUndefined();
    }
  });

  it("maps the form to the wire record and back, a removed attachment sent with usyn N", () => {
    const p = ACTIVITY_KINDS[kind].prefix;
    const parsed = activitySchema(kind).parse(good(kind, { seq: "15", removeFile: ["3"] }));
    const saved = [
      { fileSeq: 3, flnm: "a.pdf", rovl: "activity/2026/03", orn: "확인서.pdf", usyn: "Y" as const },
      { fileSeq: 4, flnm: "b.pdf", rovl: "activity/2026/03", orn: "보고서.pdf", usyn: "Y" as const },
    ];
    const info = wireInfo(kind, parsed, saved);
    expect(info).toMatchObject({ [`${p}Seq`]: 15, year: 2026, id: "2026001", usSeq: 7, [`${p}Stde`]: "2026-03-02", [`${p}Time`]: "999", [`${p}Tel`]: "02-123-4567" });
    expect(info.dbFileList).toEqual([
      { ...saved[0], usyn: "N" },
      { ...saved[1], usyn: "Y" },
    ]);
    if (kind === "medical") expect(info).toMatchObject({ gaCountry: "베트남", gaSchool: "하노이 의과대학" });
    else expect(info).not.toHaveProperty("gaCountry");
    const back = formOfRecord(kind, { ...info, [`${p}Tel1`]: "", [`${p}Tel2`]: "", [`${p}Tel3`]: "" });
    expect(back).toMatchObject({ seq: "15", year: "2026", stde: "2026-03-02", time: "999", tel1: "02", tel2: "123", tel3: "4567" });
  });
});

it("reads real calendar dates only", () => {
  expect(isWireDate("2024-02-29")).toBe(true);
  expect(isWireDate("2026-02-29")).toBe(false);
  expect(isWireDate("2026-3-02")).toBe(false);
  expect(isWireDate("20260302")).toBe(false);
});
