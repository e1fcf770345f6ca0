/**
 * Messages (spec 000 §7 Messages, §5 Message rules) and file downloads (fileDownload.do,
 * manualDownload.do, manualInfo.do). Tests that count exactly use fresh users; the demo accounts
 * are only read (their inbox is shared with the other tests on one PostgreSQL).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { createApprovedUser, login, signupBody, uniqueId, type Api, type Session, openSignedIn } from "./client";

const RECEIVED_KEYS = ["mhSeq", "msg", "regDt", "userId", "userNm", "readYn"].sort();
const SENT_KEYS = ["mhSeq", "msg", "regDt", "authTyList", "recipientCount"].sort();
const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const MANUAL_ORN = "교육평가 자료관리 사용자 매뉴얼.pdf";

type Received = { mhSeq: number; msg: string; regDt: string; userId: string; userNm: string; readYn: string };
type Sent = { mhSeq: number; msg: string; regDt: string; authTyList: string[]; recipientCount: number };

let api: Api;
let admin: Session;
let entry: Session;
let committee: Session;
beforeAll(async () => ({ api, admin, sessions: [entry, committee] } = await openSignedIn("entry01", "committee01")));
afterAll(() => api?.close());

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function inbox(s: Session, body: Record<string, unknown> = {}) {
  return api.call("/api/message/myReceiveMsg.do", { userSeq: Number(s.UID), readYn: "", limit: 30, ...body }, { token: s.accessToken });
}

/** The whole inbox (up to 200) as a list. */
async function inboxList(s: Session, body: Record<string, unknown> = {}): Promise<Received[]> {
  const r = await inbox(s, { limit: 200, ...body });
  expect(r.body.status).toBe(200);
  return r.body.result.list;
}

function sendMsg(s: Session, msg: unknown, authTyList: unknown, extra: Record<string, unknown> = {}) {
  return api.call("/api/message/add.do", { msg, authTyList, auth: s.userInfo.authTy, ...extra }, { token: s.accessToken });
}

/** Sends and answers the new mhSeq (fails the test when refused). */
async function sendOk(s: Session, msg: string, authTyList: string[]): Promise<{ mhSeq: number; recipientCount: number }> {
  const r = await sendMsg(s, msg, authTyList);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: OWN_MSG.messageSent });
  return r.body.result;
}

function sentList(s: Session, body: Record<string, unknown> = {}) {
  return api.call("/api/message/mySentMsg.do", { userSeq: Number(s.UID), ...body }, { token: s.accessToken });
}

/** A new approved user with the given authorities, signed in. */
async function freshUser(authTy: string) {
  const u = await createApprovedUser(api, admin, { authTy });
  return { ...u, session: await login(api, u.userId, u.password) };
}

/** Saves a user as the administrator with some fields changed (password kept). */
async function adminEdit(body: Record<string, unknown>, userSeq: number, changes: Record<string, unknown>) {
  const r = await api.call("/api/insertUserInfo.do", { ...body, userSeq, userPass: "", ...changes }, { token: admin.accessToken });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
}

const isNewestFirst = (list: { regDt: string; mhSeq: number }[]) =>
  list.every((m, i) => i === 0 || list[i - 1].regDt > m.regDt || (list[i - 1].regDt === m.regDt && list[i - 1].mhSeq > m.mhSeq));

const disposition = (name: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

// ---------------------------------------------------------------------------------------------
// myReceiveMsg.do
// ---------------------------------------------------------------------------------------------

describe("myReceiveMsg.do", () => {
  it("answers entry01's seeded inbox newest first, 30 per page by default, with total and unread", async () => {
    const r = await api.call("/api/message/myReceiveMsg.do", { userSeq: Number(entry.UID), readYn: "" }, { token: entry.accessToken });
    expect(r.body.status).toBe(200);
    expect(Object.keys(r.body.result).sort()).toEqual(["list", "total", "unread"]);
    const { list, total, unread } = r.body.result as { list: Received[]; total: number; unread: number };
    expect(total).toBeGreaterThanOrEqual(40);
    expect(list).toHaveLength(30);
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(total);
    for (const m of list) {
      expect(Object.keys(m).sort()).toEqual(RECEIVED_KEYS);
      expect(m.regDt).toMatch(WIRE_DATE);
      expect(["Y", "N"]).toContain(m.readYn);
      expect(m.userNm.length).toBeGreaterThan(0);
      expect(m.msg.length).toBeGreaterThan(0);
    }
    expect(isNewestFirst(list)).toBe(true);

    const page2 = await inbox(entry, { limit: 30, offset: 30 });
    const next: Received[] = page2.body.result.list;
    expect(page2.body.result.total).toBe(total);
    expect(next).toHaveLength(Math.min(30, total - 30));
    const seen = new Set(list.map((m) => m.mhSeq));
    for (const m of next) expect(seen.has(m.mhSeq)).toBe(false);
    expect(isNewestFirst([...list, ...next])).toBe(true);
  });

  it("the seed holds read and unread messages from admin and committee01", async () => {
    const all = await inboxList(entry);
    expect(new Set(all.map((m) => m.readYn))).toEqual(new Set(["Y", "N"]));
    expect(all.map((m) => m.userId)).toEqual(expect.arrayContaining(["admin", "committee01"]));
    for (const s of [admin, committee]) {
      const r = await inbox(s);
      expect(r.body.result.total, s.userInfo.userId).toBeGreaterThan(3);
      expect(r.body.result.unread, s.userInfo.userId).toBeGreaterThan(0);
    }
  });

  it("readYn N lists unread messages only; blank or absent lists all", async () => {
    const all = await inbox(entry, { limit: 200 });
    const unread = await inbox(entry, { readYn: "N", limit: 200 });
    expect(unread.body.result.list.length).toBeGreaterThan(0);
    for (const m of unread.body.result.list) expect(m.readYn).toBe("N");
    expect(unread.body.result.total).toBe(all.body.result.unread);
    expect(unread.body.result.unread).toBe(all.body.result.unread);
    const absent = await api.call("/api/message/myReceiveMsg.do", { limit: 200 }, { token: entry.accessToken });
    expect(absent.body.result.total).toBe(all.body.result.total);
    const read = await inbox(entry, { readYn: "Y", limit: 200 });
    for (const m of read.body.result.list) expect(m.readYn).toBe("Y");
    expect(read.body.result.total + unread.body.result.total).toBe(all.body.result.total);
  });

  it("answers the caller's own inbox whatever userSeq says", async () => {
    const own = await inbox(entry, { limit: 200 });
    const other = await inbox(entry, { userSeq: Number(admin.UID), limit: 200 });
    expect(other.body).toEqual(own.body);
  });

  it("caps limit at 200 and refuses malformed paging", async () => {
    const big = await inbox(entry, { limit: 5000 });
    expect(big.body.status).toBe(200);
    expect(big.body.result.list.length).toBeLessThanOrEqual(200);
    for (const bad of [{ limit: 0 }, { limit: -1 }, { limit: "abc" }, { limit: 1.5 }, { offset: -1 }, { readYn: "X" }]) {
      const r = await inbox(entry, bad);
      expect(r.body, JSON.stringify(bad)).toEqual({ status: 400, message: OWN_MSG.badRequest });
    }
  });

  it("pages exactly with limit and offset; readReceiveMsg.do brings unread to 0 for the caller only", async () => {
    const a = await freshUser("1");
    const sent: number[] = [];
    const tag = uniqueId("page");
    for (let i = 0; i < 12; i++) sent.push((await sendOk(committee, `<p>${tag} #${i}</p>`, ["1"])).mhSeq);

    const pages: Received[][] = [];
    for (const offset of [0, 5, 10]) {
      const r = await inbox(a.session, { limit: 5, offset });
      expect(r.body.result.total).toBe(12);
      expect(r.body.result.unread).toBe(12);
      pages.push(r.body.result.list);
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(pages.flat().map((m) => m.mhSeq)).toEqual([...sent].reverse());
    expect(pages.flat().every((m) => m.readYn === "N" && m.userId === "committee01")).toBe(true);
    expect((await inbox(a.session, { limit: 5, offset: 12 })).body.result.list).toEqual([]);

    const entryUnread = (await inbox(entry)).body.result.unread;
    const read = await api.call("/api/message/readReceiveMsg.do", {}, { token: a.session.accessToken });
    expect(read.body).toEqual({ status: 200, result: { updated: 12 } });

    const after = await inbox(a.session, { limit: 200 });
    expect(after.body.result).toMatchObject({ total: 12, unread: 0 });
    expect(after.body.result.list.every((m: Received) => m.readYn === "Y")).toBe(true);
    expect((await inbox(a.session, { readYn: "N" })).body.result).toEqual({ list: [], total: 0, unread: 0 });
    expect((await api.call("/api/message/readReceiveMsg.do", {}, { token: a.session.accessToken })).body.result).toEqual({ updated: 0 });
    // Only the caller's receipts.
    expect((await inbox(entry)).body.result.unread).toBe(entryUnread);

    await sendOk(committee, `<p>${tag} new</p>`, ["1"]);
    expect((await inbox(a.session)).body.result).toMatchObject({ total: 13, unread: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// add.do
// ---------------------------------------------------------------------------------------------

describe("add.do", () => {
  it("checks content, length and target with the spec's messages, content first", async () => {
    const before = (await sentList(committee)).body.result.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ msg: "", authTyList: ["1"] }, MSG.messageRequired],
      [{ authTyList: ["1"] }, MSG.messageRequired],
      [{ msg: null, authTyList: ["1"] }, MSG.messageRequired],
      [{ msg: "<p> &nbsp; </p><br>", authTyList: ["1"] }, MSG.messageRequired],
      [{ msg: "<script>alert(1)</script>", authTyList: ["1"] }, MSG.messageRequired],
      [{ msg: "", authTyList: [] }, MSG.messageRequired],
      [{ msg: "가".repeat(1001), authTyList: ["1"] }, MSG.messageTooLong],
      [{ msg: `<p><strong>${"가".repeat(600)}</strong></p><p>${"나".repeat(401)}</p>`, authTyList: ["1"] }, MSG.messageTooLong],
      [{ msg: "&lt;".repeat(1001), authTyList: ["1"] }, MSG.messageTooLong],
      [{ msg: "가".repeat(1001), authTyList: [] }, MSG.messageTooLong],
      [{ msg: "안내", authTyList: [] }, MSG.messageTargetRequired],
      [{ msg: "안내" }, MSG.messageTargetRequired],
      [{ msg: "안내", authTyList: "" }, MSG.messageTargetRequired],
    ];
    for (const [body, message] of cases) {
      const r = await api.call("/api/message/add.do", { auth: "2", ...body }, { token: committee.accessToken });
      expect(r.body, JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, message });
    }
    for (const body of [{ msg: "안내", authTyList: ["3"] }, { msg: 5, authTyList: ["1"] }, { msg: "안내", authTyList: { a: 1 } }]) {
      const r = await api.call("/api/message/add.do", body, { token: committee.accessToken });
      expect(r.body, JSON.stringify(body)).toEqual({ status: 400, message: OWN_MSG.badRequest });
    }
    expect((await sentList(committee)).body.result.total).toBe(before);
  });

  it("accepts 1000 characters of text, however much markup surrounds it", async () => {
    for (const msg of [`<p><strong>${"가".repeat(500)}</strong></p><p><em>${"나".repeat(500)}</em></p>`, "&lt;".repeat(1000)]) {
      const r = await sendMsg(committee, msg, ["2"]);
      expect(r.body.status).toBe(200);
    }
  });

  it("refuses a sender whose authority is exactly 1, before anything else", async () => {
    expect((await sendMsg(entry, "<p>안내</p>", ["1"])).body).toEqual({ status: 403, message: OWN_MSG.messageSendForbidden });
    expect((await sendMsg(entry, "", [])).body).toEqual({ status: 403, message: OWN_MSG.messageSendForbidden });
    // Holding both authorities is not 'exactly 1'.
    const both = await freshUser("1,2");
    expect((await sendMsg(both.session, `<p>${uniqueId("both")}</p>`, ["2"])).body.status).toBe(200);
  });

  it("sends to every approved, in-use holder of the chosen authorities, never to the sender", async () => {
    const a = await freshUser("1");
    const b = await freshUser("2");
    const c = await freshUser("1,2");
    // d is disabled and e awaits approval while the message is sent.
    const d = await createApprovedUser(api, admin, { authTy: "1" });
    await adminEdit(d.body, d.userSeq, { usyn: "N" });
    const eBody = { ...signupBody({ authTy: "1" }), usyn: "Y", aprYn: "N" };
    const eReply = await api.call("/api/insertUserInfo.do", eBody, { token: admin.accessToken });
    expect(eReply.body.status).toBe(200);

    const tag = uniqueId("to1");
    const m1 = await sendOk(committee, `<p>${tag}</p>`, ["1"]);
    expect(m1.recipientCount).toBeGreaterThanOrEqual(3);

    const has = async (s: Session, t: string) => (await inboxList(s)).some((m) => m.msg.includes(t));
    expect(await has(a.session, tag)).toBe(true);
    expect(await has(c.session, tag)).toBe(true);
    expect(await has(entry, tag)).toBe(true);
    expect(await has(admin, tag)).toBe(true);
    expect(await has(b.session, tag)).toBe(false);
    expect(await has(committee, tag)).toBe(false);

    const got = (await inboxList(a.session)).find((m) => m.msg.includes(tag))!;
    expect(got).toMatchObject({ mhSeq: m1.mhSeq, userId: "committee01", userNm: committee.userInfo.userNm, readYn: "N" });

    // A holder of both authorities sends to both: each recipient gets one copy; the sender none.
    const tag2 = uniqueId("to12");
    const m2 = await sendOk(c.session, `<p>${tag2}</p>`, ["1", "2"]);
    for (const s of [a.session, b.session, committee, entry]) {
      expect((await inboxList(s)).filter((m) => m.mhSeq === m2.mhSeq), s.userInfo.userId).toHaveLength(1);
    }
    expect(await has(c.session, tag2)).toBe(false);

    // Once enabled and approved, d and e have nothing sent before.
    await adminEdit(d.body, d.userSeq, { usyn: "Y" });
    await adminEdit(eBody, eReply.body.result.userSeq, { aprYn: "Y" });
    for (const [id, pass] of [[d.userId, d.password], [eBody.userId, eBody.userPass]] as const) {
      const s = await login(api, id, pass);
      expect((await inbox(s)).body.result, id).toEqual({ list: [], total: 0, unread: 0 });
    }
  });

  it("sanitises the HTML before storing it", async () => {
    const a = await freshUser("1");
    const tag = uniqueId("xss");
    const html = `<p>공지 <strong>${tag}</strong></p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">링크</a><iframe src="https://evil.example"></iframe>`;
    const { mhSeq } = await sendOk(committee, html, ["1"]);
    const stored = (await inboxList(a.session)).find((m) => m.mhSeq === mhSeq)!;
    expect(stored.msg).toContain(`<strong>${tag}</strong>`);
    for (const bad of ["onerror", "<script", "javascript:", "alert(", "<iframe"]) expect(stored.msg.toLowerCase()).not.toContain(bad);
    const sent = ((await sentList(committee)).body.result.list as Sent[]).find((m) => m.mhSeq === mhSeq)!;
    expect(sent.msg).toBe(stored.msg);
  });
});

// ---------------------------------------------------------------------------------------------
// mySentMsg.do
// ---------------------------------------------------------------------------------------------

describe("mySentMsg.do", () => {
  it("lists the caller's sent messages newest first with targets and recipient counts", async () => {
    const r = await sentList(committee);
    expect(r.body.status).toBe(200);
    const list: Sent[] = r.body.result.list;
    expect(list.length).toBeGreaterThan(5);
    expect(r.body.result.total).toBeGreaterThanOrEqual(list.length);
    for (const m of list) {
      expect(Object.keys(m).sort()).toEqual(SENT_KEYS);
      expect(m.regDt).toMatch(WIRE_DATE);
      expect(m.authTyList.length).toBeGreaterThan(0);
      for (const code of m.authTyList) expect(["1", "2"]).toContain(code);
      expect(Number.isInteger(m.recipientCount)).toBe(true);
    }
    expect(isNewestFirst(list)).toBe(true);
  });

  it("answers exactly what a fresh sender sent, whatever userSeq says", async () => {
    const c = await freshUser("1,2");
    expect((await sentList(c.session)).body.result).toEqual({ list: [], total: 0 });
    const tag = uniqueId("sent");
    const m = await sendOk(c.session, `<p>${tag}</p>`, ["2", "1", "2"]);
    const r = await sentList(c.session, { userSeq: Number(committee.UID) });
    expect(r.body.result.total).toBe(1);
    expect(r.body.result.list).toEqual([
      { mhSeq: m.mhSeq, msg: `<p>${tag}</p>`, regDt: expect.stringMatching(WIRE_DATE), authTyList: ["1", "2"], recipientCount: m.recipientCount },
    ]);
    expect((await sentList(entry)).body.result.list.some((x: Sent) => x.mhSeq === m.mhSeq)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// delete.do
// ---------------------------------------------------------------------------------------------

describe("delete.do", () => {
  it("needs a selection", async () => {
    for (const body of [{ selected: [] }, {}, { selected: null }, { selected: "" }]) {
      const r = await api.call("/api/message/delete.do", body, { token: entry.accessToken });
      expect(r.body, JSON.stringify(body)).toEqual({ status: 400, message: MSG.messageDeleteSelect });
    }
    for (const body of [{ selected: ["x"] }, { selected: [0] }, { selected: 5 }]) {
      const r = await api.call("/api/message/delete.do", body, { token: entry.accessToken });
      expect(r.body, JSON.stringify(body)).toEqual({ status: 400, message: OWN_MSG.badRequest });
    }
  });

  it("soft-deletes the caller's copies only", async () => {
    const a = await freshUser("1");
    const other = await freshUser("1");
    const b = await freshUser("2");
    const tag = uniqueId("del");
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sendOk(committee, `<p>${tag} ${i}</p>`, ["1"])).mhSeq);
    expect((await inbox(a.session)).body.result).toMatchObject({ total: 3, unread: 3 });

    const r = await api.call("/api/message/delete.do", { selected: [ids[0], String(ids[1])] }, { token: a.session.accessToken });
    expect(r.body).toEqual({ status: 200, message: MSG.deleted, result: { deleted: 2 } });
    const left = await inbox(a.session);
    expect(left.body.result.total).toBe(1);
    expect(left.body.result.unread).toBe(1);
    expect(left.body.result.list.map((m: Received) => m.mhSeq)).toEqual([ids[2]]);

    // Again, or a message never received: nothing to delete.
    expect((await api.call("/api/message/delete.do", { selected: [ids[0]] }, { token: a.session.accessToken })).body.result).toEqual({ deleted: 0 });
    expect((await api.call("/api/message/delete.do", { selected: [ids[2]] }, { token: b.session.accessToken })).body.result).toEqual({ deleted: 0 });
    // Other recipients keep theirs.
    expect((await inbox(other.session)).body.result.total).toBe(3);
    expect((await inbox(a.session)).body.result.total).toBe(1);
    // The sender's list still has all three.
    const sent: Sent[] = (await sentList(committee)).body.result.list;
    for (const id of ids) expect(sent.some((m) => m.mhSeq === id)).toBe(true);
  });
});

describe("message calls need sign-in", () => {
  it.each(["myReceiveMsg", "readReceiveMsg", "mySentMsg", "add", "delete"])("%s.do without a token is HTTP 401", async (name) => {
    const r = await api.call(`/api/message/${name}.do`, {});
    expect(r.http).toBe(401);
    expect(r.body).toEqual({ status: 401, message: MSG.sessionExpired });
  });
});

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

describe("file downloads", () => {
  let manual: { fileFlnm: string; fileRovl: string; fileOrn: string; flsz: number; mime: string };

  beforeAll(async () => {
    const r = await api.call("/api/manualInfo.do", {}, { token: entry.accessToken });
    expect(r.body.status).toBe(200);
    manual = r.body.result;
  });

  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
  const isPdf = (b: Uint8Array) => Buffer.from(b.subarray(0, 5)).toString("latin1") === "%PDF-";

  it("manualInfo.do says where the manual is", () => {
    expect(Object.keys(manual).sort()).toEqual(["fileFlnm", "fileOrn", "fileRovl", "flsz", "mime"]);
    expect(manual).toMatchObject({ fileRovl: "manual", fileOrn: MANUAL_ORN, mime: "application/pdf" });
    expect(manual.fileFlnm).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(manual.flsz).toBeGreaterThan(10_000);
    expect(manual.flsz).toBeLessThan(1024 * 1024);
  });

  it("manualDownload.do answers the PDF as an attachment", async () => {
    const res = await api.raw("/api/manualDownload.do", { token: entry.accessToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(disposition(MANUAL_ORN));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = await bytesOf(res);
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBe(manual.flsz);
    expect(isPdf(bytes)).toBe(true);
    if (!process.env.LEGACY_API_URL) {
      // Byte for byte the committed PDF (bytea round trip on either driver).
      const onDisk = fs.readFileSync(path.resolve(__dirname, "../../app/embedded/files/manual.pdf"));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(onDisk).digest("hex"));
    }
  });

  it("fileDownload.do streams a stored file with its headers; fileOrn names the download", async () => {
    const q = `fileFlnm=${encodeURIComponent(manual.fileFlnm)}&fileRovl=${encodeURIComponent(manual.fileRovl)}`;
    const plain = await api.raw(`/api/fileDownload.do?${q}`, { token: committee.accessToken });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-disposition")).toBe(disposition(MANUAL_ORN));
    const bytes = await bytesOf(plain);
    expect(isPdf(bytes)).toBe(true);
    expect(Number(plain.headers.get("content-length"))).toBe(bytes.byteLength);

    const named = await api.raw(`/api/fileDownload.do?${q}&fileOrn=${encodeURIComponent("보고서 (최종)'s.pdf")}`, { token: committee.accessToken });
    expect(named.status).toBe(200);
    expect(named.headers.get("content-type")).toBe("application/pdf");
    expect(named.headers.get("content-disposition")).toBe(
      "attachment; filename*=UTF-8''%EB%B3%B4%EA%B3%A0%EC%84%9C%20%28%EC%B5%9C%EC%A2%85%29%27s.pdf",
    );
    expect((await bytesOf(named)).byteLength).toBe(bytes.byteLength);
  });

  it("refuses path tricks and unknown keys with a 404 envelope", async () => {
    const f = encodeURIComponent(manual.fileFlnm);
    const queries = [
      "",
      `fileFlnm=${f}`,
      "fileRovl=manual",
      "fileFlnm=../../../../etc/passwd&fileRovl=manual",
      "fileFlnm=..%2F..%2Fetc%2Fpasswd&fileRovl=manual",
      `fileFlnm=${f}&fileRovl=../manual`,
      `fileFlnm=${f}&fileRovl=manual/..`,
      `fileFlnm=${f}&fileRovl=manual/../manual`,
      `fileFlnm=${f}&fileRovl=/manual`,
      `fileFlnm=manual/${f}&fileRovl=manual`,
      `fileFlnm=${f}&fileRovl=manual%5C`,
      "fileFlnm=..%5C..%5Cwindows%5Cwin.ini&fileRovl=manual",
      `fileFlnm=${f}%00.txt&fileRovl=manual`,
      `fileFlnm=${f}&fileRovl=manual%00`,
      `fileFlnm=${f}&fileRovl=manual&fileOrn=..%2F..%2Fx.pdf`,
      `fileFlnm=${f}&fileRovl=manual&fileOrn=a%00b.pdf`,
      `fileFlnm=${f}&fileRovl=manual&fileOrn=a%5Cb.pdf`,
      "fileFlnm=00000000-0000-0000-0000-000000000000.pdf&fileRovl=manual",
      `fileFlnm=${f}&fileRovl=2026/03`,
      "fileFlnm=manual.pdf&fileRovl=app/embedded/files",
      "fileFlnm=package.json&fileRovl=.",
    ];
    for (const q of queries) {
      const res = await api.raw(`/api/fileDownload.do?${q}`, { token: entry.accessToken });
      expect(res.status, q).toBe(404);
      expect(res.headers.get("content-type"), q).toMatch(/^application\/json/);
      expect(await res.json(), q).toEqual({ status: 404, message: OWN_MSG.fileNotFound });
    }
  });

  it("downloads need sign-in and GET", async () => {
    for (const p of ["/api/manualDownload.do", `/api/fileDownload.do?fileFlnm=${manual.fileFlnm}&fileRovl=manual`]) {
      const res = await api.raw(p);
      expect(res.status, p).toBe(401);
      expect(await res.json()).toEqual({ status: 401, message: MSG.sessionExpired });
    }
    const post = await api.call("/api/manualDownload.do", {}, { token: entry.accessToken });
    expect(post.http).toBe(404);
    expect((await api.call("/api/manualInfo.do", {})).http).toBe(401);
  });
});
