/**
 * The messenger's inbox grows by 30 for as long as there are more (spec 000 §2 "infinite growth",
 * §9 page 30): no cap at 600, the loader gathering a long page across a server that answers at
 * most 200 a call.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/_app.messenger+/_route";
import { fakeLegacy, get, run, signedIn, type Call } from "./route-harness";

const TOTAL = 700;
const message = (i: number) => ({ mhSeq: TOTAL - i, msg: `<p>메시지 ${TOTAL - i}</p>`, regDt: "2026-03-02 09:00:00", userId: "committee01", userNm: "박지훈", readYn: "Y" });

/** A legacy inbox of 700 messages that answers at most 200 a call, or ignores `offset` when asked to. */
function inbox(opts: { ignoreOffset?: boolean } = {}) {
  return (call: Call) => {
    const b = call.body as { limit: number; offset?: number };
    const from = opts.ignoreOffset ? 0 : (b.offset ?? 0);
    const n = Math.min(b.limit, 200, Math.max(0, TOTAL - from));
    return { status: 200, result: { list: Array.from({ length: n }, (_, i) => message(from + i)), total: TOTAL, unread: 0 } };
  };
}

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => legacy?.done());

async function rowsAt(limit: string | null) {
  const res = await run(() => loader(get(`/messenger${limit ? `?limit=${limit}` : ""}`, signedIn()) as never));
  expect(res.status).toBe(200);
  return (await res.json()) as { limit: number; total: number; rows: { mhSeq: number }[] };
}

describe("messenger inbox", () => {
  it("shows 30 first, and past 600 keeps growing by 30 while there are more", async () => {
    legacy = fakeLegacy({ "/api/message/myReceiveMsg.do": inbox() });
    const first = await rowsAt(null);
    expect(first.rows).toHaveLength(30);
    const long = await rowsAt("630");
    expect(long.limit).toBe(630);
    expect(long.total).toBe(TOTAL);
    expect(long.rows).toHaveLength(630);
    expect(new Set(long.rows.map((r) => r.mhSeq)).size).toBe(630);
    expect(long.rows.at(-1)?.mhSeq).toBe(TOTAL - 629);
    // the last step brings the rest
    const all = await rowsAt("720");
    expect(all.rows).toHaveLength(TOTAL);
  });

  it("stops, without repeating rows, when the server ignores the offset", async () => {
    legacy = fakeLegacy({ "/api/message/myReceiveMsg.do": inbox({ ignoreOffset: true }) });
    const page = await rowsAt("630");
    expect(page.rows).toHaveLength(200);
    expect(new Set(page.rows.map((r) => r.mhSeq)).size).toBe(200);
  });
});
