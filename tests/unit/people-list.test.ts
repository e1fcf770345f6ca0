/**
 * The people lists (R01, R03, R05) on the list kit, against the embedded backend in-process: what
 * the list call carries from the URL, the selected person (`?dialog=edit&usSeq=`), evaluation
 * mode's columns when the list reply carries none, and the delete of the list's year.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { memoryBackend } from "../memory-backend";
import { getStudent, saveStudent } from "~/legacy/endpoints/people.server";
import { setTransportForTests } from "~/legacy/transport.server";
import { documentAction, documentLoader } from "~/routes/__people.server";
import { MSG } from "~/schemas/messages.ko";
import { Session } from "~/utils/session.server";
import { seoulYear } from "~/utils/time";

let backend: EmbeddedBackend;
let cookie = "";
let csrf = "";
let session: Session;
const YEAR = seoulYear();
/** The legacy calls of the last request: path and body. */
let calls: { path: string; body: Record<string, unknown> }[] = [];
/** Evaluation lists answered without `columns` (a legacy list may leave them to getEvalColumnsList.do). */
let stripColumns = false;

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "people-list-secret-for-tests-0123456789";
  backend = await memoryBackend();
  setTransportForTests(async (req) => {
    const path = new URL(req.url).pathname;
    const text = req.headers.get("content-type")?.includes("json") ? await req.clone().text() : "";
    calls.push({ path, body: text ? JSON.parse(text) : {} });
    if (!stripColumns || !path.endsWith("/getList.do")) return backend.fetch(req);
    // the embedded list answers the configured columns; here it answers its plain rows without them
    const { eiSeq: _e, menuSeq: _m, ...plain } = calls[calls.length - 1].body;
    return backend.fetch(new Request(req.url, { method: "POST", headers: req.headers, body: JSON.stringify(plain) }));
  });
  const res = await backend.fetch(
    new Request("http://embedded.invalid/api/login.do", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: "admin", userPass: process.env.DEMO_PASSWORD || "Demo1234!", autoLogin: "N" }),
    }),
  );
  const { result } = await res.json();
  session = Session.fromRequest(new Request("http://localhost/"));
  session.signIn(
    { userSeq: 1, userId: "admin", userNm: result.userInfo.userNm, dptNm: null, authTy: result.userInfo.authTy, adminYn: result.userInfo.adminYn ?? null },
    { accessToken: result.userInfo.accessToken, refreshToken: result.reJwtToken },
    false,
  );
  csrf = session.csrfToken;
  cookie = session.commit().map((c) => c.split(";")[0]).join("; ");
}, 60_000);

afterAll(async () => {
  setTransportForTests(undefined);
  await backend?.close();
});

type Kind = "student" | "professor" | "tutor";
const KIND_PATH = { student: "/insert/student/document", professor: "/insert/professor/document", tutor: "/insert/tutor/document" };

async function load(kind: Kind, search: string, params: Record<string, string> = {}) {
  calls = [];
  const tail = params.eiSeq ? `/${params.eiSeq}/${params.menuSeq}/${params.year}` : "";
  const res = await documentLoader(kind)({ request: new Request(`http://localhost${KIND_PATH[kind]}${tail}${search}`, { headers: { Cookie: cookie } }), params, context: {} });
  return res.json();
}

const listCall = (suffix: string) => calls.find((c) => c.path.endsWith(suffix));

describe("the people list's loader", () => {
  it("sends the search panel's filter, the page and its size; answers the panel's codes", async () => {
    const data = await load("student", `?year=${YEAR}&grde=all&attn=0000600001&attn=0000600002&value=%20김%20&size=10&page=2`);
    expect(listCall("/api/student/getList.do")?.body).toMatchObject({ year: YEAR, value: "김", grde: "all", attn: ["0000600001", "0000600002"], page: 2, size: 10 });
    expect(data.rows.length).toBeLessThanOrEqual(10);
    expect(data.filter).toEqual({ value: "김", afltn: null, status: ["0000600001", "0000600002"] });
    expect(data.more?.codes.afltnList).toHaveLength(6);
    expect(data.dialog).toBeNull();

    await load("tutor", `?year=${YEAR}&dpt=0000300005`);
    expect(listCall("/api/tutor/getList.do")?.body).toMatchObject({ year: YEAR, dpt: ["0000300005"], emply: [], value: "" });
  });

  it("opens the selected person's form (detail and the year's form codes); an unknown one is the page's message", async () => {
    const list = await load("professor", `?year=${YEAR}`);
    const first = list.rows[0] as { usSeq: number; name: string; id: string };
    const data = await load("professor", `?year=${YEAR}&dialog=edit&usSeq=${first.usSeq}`);
    expect(data.dialog?.kind).toBe("edit");
    expect(data.dialog?.data).toMatchObject({ usSeq: first.usSeq, title: `${first.name} (${first.id})`, values: { id: first.id }, codes: { kind: "professor" } });
    expect(data.dialog?.data?.codes).toMatchObject({ job: expect.arrayContaining([expect.objectContaining({ id: expect.any(String), text: expect.any(String) })]) });

    const missing = await load("professor", `?year=${YEAR}&dialog=edit&usSeq=99999999`);
    expect(missing.dialog).toBeNull();
    expect(missing.error).toBe(MSG.detailFailed);
  });

  it("evaluation mode: the configured columns from getEvalColumnsList.do when the list carries none, and no form", async () => {
    stripColumns = true;
    try {
      const params = { eiSeq: "2", menuSeq: "22", year: String(YEAR) };
      const data = await load("tutor", "?dialog=edit&usSeq=1", params);
      expect(listCall("/api/tutor/getList.do")?.body).toMatchObject({ year: YEAR, eiSeq: 2, menuSeq: 22 });
      expect(listCall("/api/eval/getEvalColumnsList.do")?.body).toMatchObject({ eiSeq: 2, menuSeq: 22, year: YEAR });
      expect(data.columns).toHaveLength(4);
      expect(data.evalMode).toEqual({ eiSeq: 2, menuSeq: 22, year: YEAR });
      expect(data.dialog).toBeNull();
    } finally {
      stripColumns = false;
    }
  });
});

describe("the people list's delete", () => {
  it("asks first, then deletes the person of the list's year and goes back to the list with '삭제하였습니다.'", async () => {
    const saved = await saveStudent(session, {
      year: YEAR,
      fields: {
        name: "삭제대상", admsYear: String(YEAR), brdeY: "2006", brdeM: "02", brdeD: "03", highSchool: "서울고등학교", admsSlctn: "0000700002",
        email: "", emailCd: "", id: "990077001", attnCd: "0000600001", grdeCd: "0000800001", grdtnYear: "", birthPlace: "0001000003",
        hsGrdtnYear: String(YEAR - 1), telNo1: "010", telNo2: "1212", telNo3: "3434", cohortYn: "N",
      },
    });
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      form.set("_csrf", csrf);
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const url = `http://localhost/insert/student/document?year=${YEAR}&value=990077001`;
      return documentAction("student")({ request: new Request(url, { method: "POST", body: form, headers: { Cookie: cookie, Origin: "http://localhost" } }), params: {}, context: {} });
    };
    // not confirmed: the question, nothing deleted
    const asked = await post({ intent: "delete", usSeq: String(saved.usSeq!) });
    expect(await asked.json()).toMatchObject({ confirm: "delete" });
    expect((await getStudent(session, saved.usSeq!, YEAR)).name).toBe("삭제대상");

    calls = [];
    const done = await post({ confirm: "delete", usSeq: String(saved.usSeq!) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/insert/student/document?year=${YEAR}&value=990077001`);
    expect(listCall("/api/student/delete.do")?.body).toEqual({ usSeq: saved.usSeq!, year: YEAR });
    await expect(getStudent(session, saved.usSeq!, YEAR)).rejects.toThrow();
    const flashed = Session.fromRequest(new Request("http://localhost/", { headers: { Cookie: done.headers.get("set-cookie")!.split(";")[0] } }));
    expect(flashed.takeFlash()?.text).toBe(MSG.deleteDone);
  });
});
