/**
 * Delivery over SMTP (docs/contract.md "Consent forms", "Surveys"): with SMTP_URL set, sending a
 * consent form mails each person their signed link and the outbox records it as sent; without
 * it, links stay in the outbox. Runs against the in-process backend only: it sets SMTP_URL.
 */
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../app/schemas/messages.ko";
import { loginAdmin, openApi, uniqueId, type Api, type Session } from "./client";

const YEAR = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));
const remote = Boolean(process.env.LEGACY_API_URL);

let api: Api;
let admin: Session;
let server: SMTPServer;
const received: { to: string[]; data: string }[] = [];

beforeAll(async () => {
  if (remote) return;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    onData(stream, session, done) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  process.env.SMTP_FROM = "교육평가 <edu@example.ac.kr>";
  api = await openApi();
  admin = await loginAdmin(api);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.SMTP_FROM;
  await api?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const call = (path: string, body: Record<string, unknown> = {}) => api.call(path, body, { token: admin.accessToken });

/** Polls /api/job/getJob.do until the job has ended; answers its last state. */
async function waitForJob(jobSeq: number) {
  for (let i = 0; i < 200; i++) {
    const r = await call("/api/job/getJob.do", { jobSeq });
    if (r.body.result?.job?.ended) return r.body.result.job;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${jobSeq} did not end`);
}

describe.skipIf(remote)("SMTP delivery", () => {
  it("mails each person with an address their absolute signed link; the outbox says sent", async () => {
    const form = await call("/api/agree/edit.do", { uiaNm: `메일 발송 ${uniqueId("m")}`, uiaContent: "<p>수집·이용 목적</p>", usyn: "Y" });
    const uiaSeq = form.body.result.uiaSeq as number;
    const people = (await call("/api/agree/getUserList.do", { year: YEAR, value: "", id: "", usTy: "1" })).body.result.list as { usSeq: number; email: string }[];
    const withMail = people.filter((p) => p.email && p.email.includes("@")).slice(0, 2);
    expect(withMail.length).toBe(2);
    await call("/api/agree/addUsers.do", { uiaSeq, year: YEAR, users: withMail.map((p) => ({ usSeq: p.usSeq })) });
    const sent = await call("/api/agree/sendUser.do", { uiaSeq, users: withMail.map((p) => ({ usSeq: p.usSeq })), baseUrl: "https://edu.example.ac.kr" });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    // the mails go out after the reply, as a job (ADR 0030): its end is the delivery's end
    const job = await waitForJob(sent.body.result.jobSeq as number);
    expect(job).toMatchObject({ state: "done", total: 2, done: 2, failed: 0, message: MSG.sent });

    expect(received.map((m) => m.to[0]).sort()).toEqual(withMail.map((p) => p.email).sort());
    for (const m of received) {
      const text = m.data.replace(/=\r?\n/g, "");
      expect(text).toMatch(/https:\/\/edu\.example\.ac\.kr\/send\/privacyAgree\/\d+\/\d+\?sig=/);
    }
    const out = await call("/api/agree/outboxList.do", { uiaSeq });
    expect(out.body.result.smtp).toBe(true);
    const rows = out.body.result.list as { channel: string; status: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.channel === "smtp" && r.status === "sent")).toBe(true);
  });
});

/** The text of a received message: its body decoded (nodemailer sends Korean text as base64 or quoted-printable). */
function bodyText(data: string): string {
  const [head, ...rest] = data.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

describe.skipIf(remote)("find-password's one-time code over SMTP (ADR 0024)", () => {
  it("mails the code to the registered address only; the outbox keeps it masked; the owner is told of the change", async () => {
    const userId = uniqueId("sm");
    const person = { userId, userNm: "메일받음", dptCd: "0000300001", telNo: "010-1357-2468", email: userId, emailCd: "0000400001" };
    expect((await call("/api/insertUserInfo.do", { ...person, authTy: "1", usyn: "Y", aprYn: "Y", userPass: "Before2026!m" })).body.status).toBe(200);
    const before = received.length;

    const found = await api.call("/api/loginpass/findUserInfo.do", person);
    const info = found.body.result.findInfo;
    expect(info.codeSent).toBe("smtp");
    expect(info.codeTo).toBe(`${userId.slice(0, 2)}***@naver.com`);
    const mail = received.slice(before).find((m) => m.to[0] === `${userId}@naver.com`);
    expect(mail).toBeDefined();
    const code = /[0-9]{6}/.exec(bodyText(mail!.data))?.[0];
    expect(code).toBeTruthy();

    const out = (await call("/api/setting/getAccountMailList.do")).body.result;
    expect(out.smtp).toBe(true);
    const kept = (out.list as { userId: string; kind: string; body: string; channel: string; status: string }[]).find((m) => m.userId === userId)!;
    expect(kept).toMatchObject({ kind: "reset_code", channel: "smtp", status: "sent" });
    expect(kept.body).not.toContain(code);

    const changed = await api.call("/api/loginpass/changePwd.do", { userSeq: info.userSeq, changeToken: info.changeToken, code, userPass: "After2026!m" });
    expect(changed.body.status).toBe(200);
    const notice = received.slice(before).filter((m) => m.to[0] === `${userId}@naver.com`);
    expect(notice).toHaveLength(2);
    expect(bodyText(notice[1].data)).toContain("비밀번호가");
  }, 120_000);
});
