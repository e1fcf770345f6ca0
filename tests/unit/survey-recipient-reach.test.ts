/**
 * Issue 37 item 7 (ADR 0067): survey recipients within the user's reach. Whoever does not
 * administer accounts (an authority-2 committee member here) adds only the people the add dialog
 * offers them — the year's students in a send status (spec 000 §7) — and the web tier refuses
 * anyone else with the Korean message before the backend is asked, whatever backend is behind it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { action } from "~/routes/_app.survey+/send.list.$srSeq";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { fakeLegacy, flashOf, post, run, signedIn, USER, type Call } from "./route-harness";

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => legacy?.done());

const COMMITTEE = { ...USER, userId: "committee09", authTy: "2", adminYn: "N" as const };
const ADMIN = { ...USER, userId: "admin09", authTy: "1,2", adminYn: "Y" as const };

/** The dialog's people of the year: two enrolled students (the backend filters by the posted statuses). */
function backend() {
  const added: Call[] = [];
  const offered: Call[] = [];
  legacy = fakeLegacy(
    {
      "/api/agree/getUserList.do": (call) => {
        offered.push(call);
        return { status: 200, result: { list: [
          { usSeq: 11, usTy: "1", id: "2026001", name: "김하늘", statusCd: "0000600001" },
          { usSeq: 12, usTy: "1", id: "2026002", name: "이바다", statusCd: "0000600001" },
        ] } };
      },
      "/api/survey/addUsers": (call) => {
        added.push(call);
        return { status: 200, message: MSG.added, result: { added: 1 } };
      },
    },
    ["/survey"],
  );
  return { added, offered };
}

const add = (user: typeof USER, users: string[]) =>
  run(() => action(post("/survey/send/list/5", signedIn(user), { intent: "add", year: "2026", addUsers: users }, { srSeq: "5" }) as never));

describe("adding survey recipients (issue 37 item 7)", () => {
  it("refuses an authority-2 user's recipient outside the dialog's students with the message, and asks the backend nothing", async () => {
    const { added, offered } = backend();
    const res = await add(COMMITTEE, ["11", "999"]);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ alert: OWN_MSG.recipientOutsideReach, formId: "add" });
    expect(added).toHaveLength(0);
    // the reach is what the dialog offers: the year's students in the spec's send statuses
    expect(offered[0].body).toMatchObject({ year: 2026, usTy: "1", attn: ["0000600001", "0000600002", "0000600005"] });
  });

  it("adds an authority-2 user's recipients inside the reach", async () => {
    const { added } = backend();
    const res = await add(COMMITTEE, ["11", "12"]);
    expect(res.status).toBe(302);
    expect(flashOf(res)?.text).toBe(MSG.added);
    expect(added).toHaveLength(1);
    expect((added[0].body as { users: { usSeq: number }[] }).users.map((u) => u.usSeq)).toEqual([11, 12]);
  });

  it("leaves an administrator's post to the backend", async () => {
    const { added, offered } = backend();
    const res = await add(ADMIN, ["999"]);
    expect(res.status).toBe(302);
    expect(offered).toHaveLength(0);
    expect(added).toHaveLength(1);
  });
});
