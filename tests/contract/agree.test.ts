/**
 * Privacy-consent forms (spec 001 §7 "Consent forms", docs/contract.md "Consent forms"): list,
 * detail, edit with sanitising and versions, delete, copy; the sending list, adding people,
 * sending with signed personal links and the outbox; the public consent calls (agreeUser.do,
 * submitAgree.do) with their link signature; the editor's image upload and its public view.
 * Tests create their own forms (unique titles) and read the seeded people of the current year.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathsOf } from "../../app/calls/define";
import { AGREE } from "../../app/calls/agree";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { uniqueId, type Api, type Session, openSignedIn } from "./client";

const A = pathsOf(AGREE);

const YEAR = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));
const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const STATUS_CODES = ["0001100001", "0001100003", "0000600001", "0000600002", "0000600005"];
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

let api: Api;
let admin: Session;
let entry: Session;
beforeAll(async () => ({ api, admin, sessions: [entry] } = await openSignedIn("entry01")));
afterAll(() => api?.close());

const call = (path: string, body: Record<string, unknown> = {}, token = admin.accessToken) => api.call(path, body, { token });

async function createForm(extra: Record<string, unknown> = {}): Promise<{ uiaSeq: number; uiaNm: string }> {
  const uiaNm = `계약 테스트 동의서 ${uniqueId("f")}`;
  const r = await call(A.save, { uiaNm, uiaContent: "<p>수집·이용 목적: 교육평가</p>", usyn: "Y", ...extra });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return { uiaSeq: r.body.result.uiaSeq, uiaNm };
}

/** People of the current year: three students and one professor. */
async function somePeople() {
  const r = await call(A.people, { year: YEAR, value: "", id: "", usTy: "" });
  expect(r.body.status).toBe(200);
  const list = r.body.result.list as { usSeq: number; usTy: string; name: string; id: string; statusCd: string }[];
  const studentsOnly = list.filter((p) => p.usTy === "1" && p.statusCd === "0000600001");
  const professorsOnly = list.filter((p) => p.usTy === "2");
  expect(studentsOnly.length).toBeGreaterThan(3);
  expect(professorsOnly.length).toBeGreaterThan(0);
  return { students: studentsOnly.slice(0, 3), professor: professorsOnly[0] };
}

function linkParts(link: string) {
  const m = /^\/send\/privacyAgree\/(\d+)\/(\d+)\?sig=([^&]+)$/.exec(link);
  expect(m, link).not.toBeNull();
  return { uiaSeq: Number(m![1]), usSeq: Number(m![2]), sig: decodeURIComponent(m![3]) };
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

describe("edit.do, detail.do, list.do", () => {
  it("creates a form (message '등록되었습니다.'), answers it in detail and in the list of its year", async () => {
    const { uiaSeq, uiaNm } = await createForm();
    const d = await call(A.detail, { uiaSeq });
    expect(d.body.status).toBe(200);
    expect(d.body.result.info).toMatchObject({ uiaSeq, uiaNm, usyn: "Y", ver: 1, year: YEAR, uiaContent: "<p>수집·이용 목적: 교육평가</p>" });
    expect(d.body.result.info.regDt).toMatch(WIRE_DATE);

    const l = await call(A.list, { year: YEAR, value: uiaNm.slice(-8) });
    expect(l.body.status).toBe(200);
    expect(l.body.result.list).toHaveLength(1);
    expect(l.body.result.list[0]).toMatchObject({ uiaSeq, uiaNm, usyn: "Y", rcptCnt: 0, sendCnt: 0, agreeCnt: 0 });
    const other = await call(A.list, { year: 2025 === YEAR ? 2030 : 2025, value: uiaNm.slice(-8) });
    expect(other.body.result.list).toHaveLength(0);
    // a blank year is every year; the list is newest first
    const all = await call(A.list, { year: "", value: "" });
    const seqs = (all.body.result.list as { uiaSeq: number }[]).map((f) => f.uiaSeq);
    expect(seqs).toContain(uiaSeq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
  });

  it("refuses a missing title and empty content with the spec's messages, in that order", async () => {
    const r1 = await call(A.save, { uiaNm: "  ", uiaContent: "", usyn: "Y" });
    expect(r1.body).toMatchObject({ status: 400, message: MSG.agreeTitleRequired });
    for (const uiaContent of ["", "<p> </p>", "<p>&nbsp;</p>", "<script>alert(1)</script>", "<iframe src='https://x'></iframe>"]) {
      const r = await call(A.save, { uiaNm: "제목", uiaContent, usyn: "Y" });
      expect(r.body, uiaContent).toMatchObject({ status: 400, message: MSG.agreeContentRequired });
    }
    const long = await call(A.save, { uiaNm: "가".repeat(201), uiaContent: "<p>x</p>" });
    expect(long.body).toMatchObject({ status: 400, message: OWN_MSG.agreeTitleTooLong });
    const bad = await call(A.save, { uiaNm: "제목", uiaContent: "<p>x</p>", usyn: "X" });
    expect(bad.body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
  });

  it("sanitises content before storing: no script, handlers, javascript: or non-image data: URLs, forms or frames", async () => {
    const dataPng = `data:image/png;base64,${Buffer.from(PNG).toString("base64")}`;
    const { uiaSeq } = await createForm({
      uiaContent: [
        "<p onclick=\"alert(1)\">본문<script>alert(1)</script></p>",
        "<img src=x onerror=\"alert(1)\">",
        `<img src="${dataPng}" alt="도장">`,
        "<img src=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">",
        "<a href=\"javascript:alert(1)\">링크</a>",
        "<form action=\"https://evil\"><input name=a></form><iframe src=\"https://evil\"></iframe>",
        "<svg onload=alert(1)></svg><style>body{}</style>",
      ].join(""),
    });
    const html: string = (await call(A.detail, { uiaSeq })).body.result.info.uiaContent;
    expect(html).toContain("본문");
    expect(html).toContain(dataPng);
    for (const bad of ["<script", "onclick", "onerror", "javascript:", "data:text", "<form", "<input", "<iframe", "<svg", "<style", "onload"]) {
      expect(html.toLowerCase(), bad).not.toContain(bad);
    }
  });

  it("an edit makes a new version only when the title or content changes", async () => {
    const { uiaSeq, uiaNm } = await createForm();
    const same = await call(A.save, { uiaSeq, uiaNm, uiaContent: "<p>수집·이용 목적: 교육평가</p>", usyn: "N" });
    expect(same.body).toMatchObject({ status: 200, message: MSG.updated, result: { uiaSeq, ver: 1 } });
    const changed = await call(A.save, { uiaSeq, uiaNm, uiaContent: "<p>바뀐 내용</p>", usyn: "Y" });
    expect(changed.body).toMatchObject({ status: 200, result: { uiaSeq, ver: 2 } });
    const d = await call(A.detail, { uiaSeq });
    expect(d.body.result.info).toMatchObject({ ver: 2, usyn: "Y", uiaContent: "<p>바뀐 내용</p>" });
  });

  it("an unknown form: detail '데이터가 없습니다.', edit '수정 실패하였습니다.', delete '삭제 실패하였습니다.', copy '복사 실패하였습니다.'", async () => {
    const uiaSeq = 2_000_000_000;
    expect((await call(A.detail, { uiaSeq })).body).toMatchObject({ status: 404, message: MSG.noData });
    expect((await call(A.save, { uiaSeq, uiaNm: "x", uiaContent: "<p>x</p>" })).body).toMatchObject({ status: 404, message: MSG.updateFailed });
    expect((await call(A.remove, { uiaSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await call(A.copy, { uiaSeq })).body).toMatchObject({ status: 404, message: MSG.agreeCopyFailed });
    expect((await call(A.detail, { uiaSeq: "abc" })).body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
  });

  it("copy.do makes a new form with the content (message '복사 되었습니다.'); delete.do hides a form ('삭제되었습니다.')", async () => {
    const { uiaSeq, uiaNm } = await createForm();
    const c = await call(A.copy, { uiaSeq });
    expect(c.body).toMatchObject({ status: 200, message: MSG.copied });
    const copySeq = c.body.result.uiaSeq;
    expect(copySeq).not.toBe(uiaSeq);
    const d = await call(A.detail, { uiaSeq: copySeq });
    expect(d.body.result.info).toMatchObject({ uiaNm: `${uiaNm} (복사본)`, uiaContent: "<p>수집·이용 목적: 교육평가</p>", ver: 1 });

    const del = await call(A.remove, { uiaSeq });
    expect(del.body).toMatchObject({ status: 200, message: MSG.agreeDeleted });
    expect((await call(A.detail, { uiaSeq })).body.status).toBe(404);
    expect((await call(A.remove, { uiaSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    const l = await call(A.list, { year: "", value: uiaNm.slice(-8) });
    expect((l.body.result.list as { uiaSeq: number }[]).map((f) => f.uiaSeq)).toEqual([copySeq]);
  });

  it("needs the consent-form menu: a user without it gets 403 '해당 메뉴는 접근할 수 없습니다.'; no token is HTTP 401", async () => {
    for (const path of ["list.do", "detail.do", "edit.do", "delete.do", "copy.do", "sendingUserList.do", "sendUser.do", "addUsers.do", "getCodeList.do", "outboxList.do"]) {
      const r = await call(`/api/agree/${path}`, { uiaSeq: 1, uiaNm: "x", uiaContent: "<p>x</p>", users: [1] }, entry.accessToken);
      expect(r.body, path).toMatchObject({ status: 403, message: MSG.menuForbidden });
    }
    const anon = await api.call(A.list, {});
    expect(anon.http).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

describe("getCodeList.do, getUserList.do, addUsers.do, sendingUserList.do, sendUser.do, outboxList.do", () => {
  it("getCodeList.do answers the five sending-status codes of spec 001 §9", async () => {
    const r = await call(A.codes, { year: YEAR });
    expect(r.body.status).toBe(200);
    const ids = [...r.body.result.attnList, ...r.body.result.emplyList].map((c: { id: string }) => c.id).sort();
    expect(ids).toEqual([...STATUS_CODES].sort());
    expect(r.body.result.emplyList.map((c: { text: string }) => c.text)).toEqual(["재직", "퇴직"]);
  });

  it("getUserList.do filters the year's people by type and text", async () => {
    const { students, professor } = await somePeople();
    const onlyPf = await call(A.people, { year: YEAR, usTy: "2", value: professor.name });
    expect((onlyPf.body.result.list as { usTy: string }[]).every((p) => p.usTy === "2")).toBe(true);
    expect((onlyPf.body.result.list as { usSeq: number }[]).map((p) => p.usSeq)).toContain(professor.usSeq);
    const byId = await call(A.people, { year: YEAR, value: students[0].id });
    expect(byId.body.result.list[0]).toMatchObject({ usSeq: students[0].usSeq, usTy: "1", year: YEAR, addedYn: "N" });
    expect(Object.keys(byId.body.result.list[0]).sort()).toEqual(
      ["usSeq", "usTy", "id", "name", "dpt", "grde", "status", "statusCd", "telNo", "email", "year", "addedYn"].sort(),
    );
  });

  it("sends to three people and a professor; each gets a signed link in the outbox; resend is allowed", async () => {
    const { uiaSeq } = await createForm();
    const { students, professor } = await somePeople();
    const people = [...students.map((s) => s.usSeq), professor.usSeq];

    expect((await call(A.addUsers, { uiaSeq, year: YEAR, users: [] })).body).toMatchObject({ status: 400, message: MSG.agreeSelectUser });
    const add = await call(A.addUsers, { uiaSeq, year: YEAR, users: people.map((usSeq) => ({ usSeq })) });
    expect(add.body).toMatchObject({ status: 200, message: MSG.added, result: { added: 4 } });
    const again = await call(A.addUsers, { uiaSeq, year: YEAR, users: people });
    expect(again.body.result.added).toBe(0);
    const marked = await call(A.people, { year: YEAR, value: students[0].id, uiaSeq });
    expect(marked.body.result.list[0].addedYn).toBe("Y");

    let l = await call(A.recipients, { uiaSeq, year: YEAR, value: "", agreeYn: [], attn: [] });
    expect(l.body.status).toBe(200);
    expect(l.body.result.info).toMatchObject({ uiaSeq, usyn: "Y" });
    expect(l.body.result.list).toHaveLength(4);
    expect(l.body.result.list.every((u: { sendFlag: string; agreeYn: null }) => u.sendFlag === "N" && u.agreeYn === null)).toBe(true);
    const byStatus = await call(A.recipients, { uiaSeq, year: YEAR, attn: ["0001100001", "0001100003"] });
    expect(byStatus.body.result.list.map((u: { usSeq: number }) => u.usSeq)).toEqual([professor.usSeq]);

    expect((await call(A.send, { uiaSeq, users: [] })).body).toMatchObject({ status: 400, message: MSG.agreeSelectUser });
    const sent = await call(A.send, { uiaSeq, users: students.map((s) => s.usSeq) });
    expect(sent.body).toMatchObject({ status: 200, message: MSG.sent, result: { sent: 3 } });
    for (const d of sent.body.result.list) {
      const p = linkParts(d.link);
      expect(p).toMatchObject({ uiaSeq, usSeq: d.usSeq });
      expect(d).toMatchObject({ channel: "outbox", status: "kept" });
    }

    l = await call(A.recipients, { uiaSeq, year: YEAR });
    const flags = Object.fromEntries(l.body.result.list.map((u: { usSeq: number; sendFlag: string }) => [u.usSeq, u.sendFlag]));
    expect(flags).toEqual({ [students[0].usSeq]: "Y", [students[1].usSeq]: "Y", [students[2].usSeq]: "Y", [professor.usSeq]: "N" });

    const resend = await call(A.send, { uiaSeq, users: [students[0].usSeq] });
    expect(resend.body.status).toBe(200);
    const ob = await call(A.outbox, { uiaSeq });
    expect(ob.body.result.smtp).toBe(false);
    expect(ob.body.result.list).toHaveLength(4);
    expect(ob.body.result.list[0]).toMatchObject({ usSeq: students[0].usSeq, name: students[0].name, channel: "outbox" });
    const one = (await call(A.recipients, { uiaSeq, value: students[0].id })).body.result.list[0];
    expect(one).toMatchObject({ sendFlag: "Y", sendCnt: 2 });
    expect(one.sendDt).toMatch(WIRE_DATE);
  });

  it("a form not in use cannot be sent", async () => {
    const { uiaSeq } = await createForm({ usyn: "N" });
    const { students } = await somePeople();
    await call(A.addUsers, { uiaSeq, year: YEAR, users: [students[0].usSeq] });
    expect((await call(A.send, { uiaSeq, users: [students[0].usSeq] })).body).toMatchObject({ status: 400, message: OWN_MSG.agreeFormNotInUse });
  });
});

// ---------------------------------------------------------------------------------------------
// The public consent page
// ---------------------------------------------------------------------------------------------

describe("agreeUser.do and submitAgree.do (no sign-in, signed link)", () => {
  async function sentForm() {
    const { uiaSeq } = await createForm({ uiaContent: "<p>첫 판</p>" });
    const { students } = await somePeople();
    await call(A.addUsers, { uiaSeq, year: YEAR, users: students.map((s) => s.usSeq) });
    const sent = await call(A.send, { uiaSeq, users: students.map((s) => s.usSeq) });
    return { uiaSeq, links: (sent.body.result.list as { link: string }[]).map((d) => linkParts(d.link)) };
  }

  it("answers the form; disagreeing is recorded and the form stays; agreeing completes with the version shown", async () => {
    const { uiaSeq, links } = await sentForm();
    const [a, b] = links;
    const first = await api.call(A.consent, a);
    expect(first.body).toMatchObject({ status: 200, result: { isSubmit: "N", agreeYn: null, agree: { uiaSeq, uiaContent: "<p>첫 판</p>", ver: 1 } } });

    const noChoice = await api.call(A.submit, { ...a });
    expect(noChoice.body).toMatchObject({ status: 400, message: OWN_MSG.agreeChoiceRequired });

    const no = await api.call(A.submit, { ...a, agreeYn: "N", ver: 1 });
    expect(no.body).toMatchObject({ status: 200, message: MSG.agreeDisagreed, result: { isSubmit: "N", agreeYn: "N" } });
    expect((await api.call(A.consent, a)).body.result).toMatchObject({ isSubmit: "N", agreeYn: "N" });

    const yes = await api.call(A.submit, { ...b, agreeYn: "Y", ver: 1 });
    expect(yes.body).toMatchObject({ status: 200, message: MSG.agreeSubmitted, result: { isSubmit: "Y", agreeYn: "Y", ver: 1 } });
    expect(yes.body.result.agreeDt).toMatch(WIRE_DATE);

    // the form changes afterwards: the person who agreed still sees what they agreed to
    const info = (await call(A.detail, { uiaSeq })).body.result.info;
    await call(A.save, { uiaSeq, uiaNm: info.uiaNm, uiaContent: "<p>둘째 판</p>", usyn: "Y" });
    const revisit = await api.call(A.consent, b);
    expect(revisit.body.result).toMatchObject({ isSubmit: "Y", agreeYn: "Y", agree: { uiaContent: "<p>첫 판</p>", ver: 1 } });
    expect((await api.call(A.consent, a)).body.result.agree).toMatchObject({ uiaContent: "<p>둘째 판</p>", ver: 2 });
    // a second agreement keeps the first
    const twice = await api.call(A.submit, { ...b, agreeYn: "N" });
    expect(twice.body.result).toMatchObject({ isSubmit: "Y", agreeYn: "Y", agreeDt: yes.body.result.agreeDt });

    const l = await call(A.recipients, { uiaSeq, year: YEAR });
    const byUs = Object.fromEntries(l.body.result.list.map((u: { usSeq: number }) => [u.usSeq, u]));
    expect(byUs[a.usSeq]).toMatchObject({ agreeYn: "N", agreeVer: 1 });
    expect(byUs[b.usSeq]).toMatchObject({ agreeYn: "Y", agreeVer: 1, agreeDt: yes.body.result.agreeDt });
    const agreedOnly = await call(A.recipients, { uiaSeq, agreeYn: ["Y"] });
    expect(agreedOnly.body.result.list.map((u: { usSeq: number }) => u.usSeq)).toEqual([b.usSeq]);
    const notAgreed = await call(A.recipients, { uiaSeq, agreeYn: "N" });
    expect(notAgreed.body.result.list).toHaveLength(2);
  });

  it("a changed usSeq, form, or signature, or an expired or missing one, is status 404 with errorCode AGREE_LINK", async () => {
    const { links } = await sentForm();
    const [a, b] = links;
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
    const expired = `${Math.floor(Date.now() / 1000 - 60).toString(36)}.${a.sig.split(".")[1]}`;
    for (const body of [
      { ...a, usSeq: b.usSeq },
      { ...a, uiaSeq: a.uiaSeq + 1 },
      { ...a, sig: flip(a.sig) },
      { ...a, sig: b.sig },
      { ...a, sig: expired },
      { ...a, sig: "" },
      { uiaSeq: a.uiaSeq, usSeq: a.usSeq },
    ]) {
      for (const path of [A.consent, A.submit]) {
        const r = await api.call(path, { ...body, agreeYn: "Y" });
        expect(r.body, `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 404, message: MSG.notFound, errorCode: "AGREE_LINK" });
      }
    }
    // nothing was recorded
    expect((await api.call(A.consent, a)).body.result.isSubmit).toBe("N");
  });

  it("a form with a recorded answer (declined or agreed) is not deleted: 409 '응답이 있는 동의서는 삭제할 수 없습니다.', the form, its answers and the links stay (ADR 0062)", async () => {
    const { uiaSeq, links } = await sentForm();
    const [a, b] = links;
    expect((await api.call(A.submit, { ...a, agreeYn: "N", ver: 1 })).body.status).toBe(200);
    // a declined answer is a recorded answer too
    expect((await call(A.remove, { uiaSeq })).body).toMatchObject({ status: 409, message: OWN_MSG.agreeAnsweredNoDelete });
    expect((await api.call(A.submit, { ...b, agreeYn: "Y", ver: 1 })).body.status).toBe(200);
    expect((await call(A.remove, { uiaSeq })).body).toMatchObject({ status: 409, message: OWN_MSG.agreeAnsweredNoDelete });
    // everything is where it was
    expect((await call(A.detail, { uiaSeq })).body.status).toBe(200);
    const listed = await call(A.list, { year: "", value: "" });
    expect((listed.body.result.list as { uiaSeq: number; agreeCnt: number }[]).find((f) => f.uiaSeq === uiaSeq)).toMatchObject({ agreeCnt: 1 });
    const sending = (await call(A.recipients, { uiaSeq })).body.result.list as { usSeq: number; agreeYn: string | null }[];
    expect(sending.find((u) => u.usSeq === a.usSeq)?.agreeYn).toBe("N");
    expect(sending.find((u) => u.usSeq === b.usSeq)?.agreeYn).toBe("Y");
    expect((await api.call(A.consent, b)).body).toMatchObject({ status: 200, result: { isSubmit: "Y", agreeYn: "Y" } });
    expect((await api.call(A.consent, a)).body).toMatchObject({ status: 200, result: { isSubmit: "N", agreeYn: "N" } });
  });

  it("a form sent but not answered may still be deleted ('삭제되었습니다.')", async () => {
    const { uiaSeq } = await sentForm();
    expect((await call(A.remove, { uiaSeq })).body).toMatchObject({ status: 200, message: MSG.agreeDeleted });
  });

  it("a person's record of a year with a recorded consent answer is not deleted (409), the answer stays on the sending list (ADR 0062)", async () => {
    const { uiaSeq, links } = await sentForm();
    const [a] = links;
    expect((await api.call(A.submit, { ...a, agreeYn: "Y", ver: 1 })).body.status).toBe(200);
    expect((await call("/api/student/delete.do", { usSeq: a.usSeq, year: YEAR })).body).toMatchObject({ status: 409, message: OWN_MSG.personAgreedNoDelete });
    const sending = (await call(A.recipients, { uiaSeq })).body.result.list as { usSeq: number; agreeYn: string | null }[];
    expect(sending.find((u) => u.usSeq === a.usSeq)?.agreeYn).toBe("Y");
    expect((await call("/api/student/getDetail.do", { usSeq: a.usSeq, year: YEAR })).body.status).toBe(200);
  });

  it("a deleted or unused form is status 404 '데이터가 없습니다.' (the page's not-found message)", async () => {
    const { uiaSeq, links } = await sentForm();
    const info = (await call(A.detail, { uiaSeq })).body.result.info;
    await call(A.save, { uiaSeq, uiaNm: info.uiaNm, uiaContent: info.uiaContent, usyn: "N" });
    expect((await api.call(A.consent, links[0])).body).toMatchObject({ status: 404, message: MSG.noData });
    await call(A.remove, { uiaSeq });
    const r = await api.call(A.consent, links[0]);
    expect(r.body).toMatchObject({ status: 404, message: MSG.noData });
    expect(r.body.errorCode).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Editor images
// ---------------------------------------------------------------------------------------------

describe("/api/comm/froala/mediaUpload.do and mediaView.do", () => {
  const upload = (files: [string, Uint8Array, string][], token: string | null = admin.accessToken) => {
    const form = new FormData();
    for (const [name, bytes, field] of files) form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return api.call("/api/comm/froala/mediaUpload.do", undefined, { token: token ?? undefined, form });
  };

  it("stores a png (checked by content) and answers its link, which serves the image publicly", async () => {
    const r = await upload([["도장.png", PNG, "file"]]);
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.link).toBe(r.body.result.link);
    expect(r.body.result.link).toMatch(/^\/api\/comm\/froala\/mediaView\.do\?flnm=[0-9a-f-]{36}\.png$/);
    const res = await api.raw(r.body.result.link);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it("refuses other types, a renamed file, two files, none, and callers without a token", async () => {
    const text = new TextEncoder().encode("<svg onload=alert(1)>");
    expect((await upload([["x.svg", text, "file"]])).body).toMatchObject({ status: 400, message: OWN_MSG.imageOnly });
    expect((await upload([["x.png", text, "file"]])).body).toMatchObject({ status: 400, message: OWN_MSG.imageOnly });
    expect((await upload([["a.png", PNG, "file"], ["b.png", PNG, "file"]])).body).toMatchObject({ status: 400, message: MSG.oneFileOnly });
    expect((await upload([])).body).toMatchObject({ status: 400, message: OWN_MSG.fileRequired });
    expect((await upload([["a.png", PNG, "file"]], null)).http).toBe(401);
  });

  it("mediaView.do answers 404 for unknown names and path tricks, and serves nothing outside the editor folder", async () => {
    for (const flnm of ["", "../manual/x.pdf", "..%2Fx.png", "x.pdf", "00000000-0000-0000-0000-000000000000.png", "a/b.png"]) {
      const res = await api.raw(`/api/comm/froala/mediaView.do?flnm=${encodeURIComponent(flnm)}`);
      expect(res.status, flnm).toBe(404);
    }
  });
});
