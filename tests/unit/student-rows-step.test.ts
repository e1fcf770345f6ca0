/**
 * The rows step of the lookup dialogs without JavaScript (app/utils/student-rows.server.ts):
 * removing a row keeps the first one (score screens, spec 002 §4), or, with `lastRow`
 * (R17 awards, spec 001 §5), removes any row but the last one left, which answers the message.
 */
import { describe, expect, it } from "vitest";
import { MSG } from "~/schemas/messages.ko";
import type { UserContext } from "~/utils/context.server";
import { rowsStep } from "~/utils/student-rows.server";

const ctx = {} as UserContext;

function formOf(ids: string[]): FormData {
  const form = new FormData();
  form.set("year", "2026");
  ids.forEach((id, i) => {
    form.set(`rows[${i}].id`, id);
    form.set(`rows[${i}].name`, "");
    form.set(`rows[${i}].usSeq`, "");
    form.set(`rows[${i}].checked`, "");
  });
  return form;
}

const idsOf = async (res: Response) => ((await res.json()) as { rows: { id: string }[] }).rows.map((r) => r.id);

describe("rowsStep removeRow", () => {
  it("keeps the first row of the score screens", async () => {
    expect(await idsOf(await rowsStep(ctx, formOf(["1", "2"]), "removeRow:0"))).toEqual(["1", "2"]);
    expect(await idsOf(await rowsStep(ctx, formOf(["1", "2"]), "removeRow:1"))).toEqual(["1"]);
  });

  it("with lastRow removes any row, and refuses the last one with the message", async () => {
    const opts = { lastRow: MSG.awardOneWinner };
    expect(await idsOf(await rowsStep(ctx, formOf(["1", "2"]), "removeRow:0", opts))).toEqual(["2"]);
    const last = await rowsStep(ctx, formOf(["2"]), "removeRow:0", opts);
    expect(last.status).toBe(400);
    const body = (await last.json()) as { alert: string; rows: { id: string }[]; fieldErrors: Record<string, string> };
    expect(body.alert).toBe(MSG.awardOneWinner);
    expect(body.fieldErrors["rows[0].id"]).toBe(MSG.awardOneWinner);
    expect(body.rows.map((r) => r.id)).toEqual(["2"]);
  });
});
