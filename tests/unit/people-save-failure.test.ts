/**
 * A failed student or professor save (spec 001 §8): status 201 shows the server's message; any
 * other failure without a message reads '등록 실패하였습니다.' (new) or '수정 실패하였습니다.'
 * (edit), never the generic '오류가 발생하였습니다.'. The typed values come back with it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { action as addStudent } from "~/routes/_app.insert.student.add";
import { action as addProfessor } from "~/routes/_app.insert.professor.add";
import { action as studentDocument } from "~/routes/_app.insert.student.document+/_route";
import { action as professorDocument } from "~/routes/_app.insert.professor.document+/_route";
import { fakeLegacy, post, run, signedIn } from "./route-harness";

const MENUS = ["/insert/student/document", "/insert/professor/document"];

const student = {
  name: "한지우", admsYear: "2025", brdeY: "2006", brdeM: "04", brdeD: "12", highSchool: "휘문고등학교", admsSlctn: "0000700004",
  email: "", emailCd: "", id: "2025000123", attnCd: "0000600001", grdeCd: "0000800002", grdtnYear: "", birthPlace: "0001000001",
  hsGrdtnYear: "2025", telNo1: "010", telNo2: "4821", telNo3: "0935", cohortYn: "Y",
};
const professor = {
  name: "장현석", id: "990001", gndr: "M", emplyDate: "2020-03-01", emplyCd: "0001100001", rsgntDate: "", jobCd: "0000500003",
  dptCd: "0000300005", school: "경희대학교 의과대학", trngAgcy: "", telNo1: "010", telNo2: "1111", telNo3: "2222", email: "", emailCd: "",
};
const confirmed = { intent: "save", confirm: "save" };

let legacy: ReturnType<typeof fakeLegacy> | undefined;
afterEach(() => legacy?.done());

/** The legacy save answers `reply`; the action's JSON reply (the page's '알림' and kept values). */
async function saveWith(reply: unknown, call: () => Promise<Response>) {
  legacy = fakeLegacy({ "/api/student/edit.do": () => reply, "/api/professor/edit.do": () => reply }, MENUS);
  const res = await run(call);
  return { status: res.status, body: (await res.json()) as { alert?: string; repopulateFields?: Record<string, string> } };
}

describe("student and professor save failures", () => {
  const auth = () => signedIn();

  it("a new student: '등록 실패하였습니다.' when the server gives no message, its message otherwise", async () => {
    const add = () => addStudent(post("/insert/student/add?year=2026", auth(), { ...student, ...confirmed }) as never);
    const silent = await saveWith({ status: 500 }, add);
    expect(silent.body.alert).toBe("등록 실패하였습니다.");
    expect(silent.body.repopulateFields?.name).toBe("한지우");
    expect((await saveWith({ status: 500, message: "" }, add)).body.alert).toBe("등록 실패하였습니다.");
    expect((await saveWith({ status: 201, message: "이미 등록된 학번입니다." }, add)).body.alert).toBe("이미 등록된 학번입니다.");
    expect((await saveWith({ status: 400, errorMessage: "학번 형식 오류" }, add)).body.alert).toBe("학번 형식 오류");
  });

  it("an edited student: '수정 실패하였습니다.'", async () => {
    const edit = () => studentDocument(post("/insert/student/document?year=2026&usSeq=41", auth(), { ...student, ...confirmed }) as never);
    expect((await saveWith({ status: 500 }, edit)).body.alert).toBe("수정 실패하였습니다.");
  });

  it("a professor: '등록 실패하였습니다.' new, '수정 실패하였습니다.' edited", async () => {
    const add = () => addProfessor(post("/insert/professor/add?year=2026", auth(), { ...professor, ...confirmed }) as never);
    expect((await saveWith({ status: 500 }, add)).body.alert).toBe("등록 실패하였습니다.");
    const edit = () => professorDocument(post("/insert/professor/document?year=2026&usSeq=12", auth(), { ...professor, ...confirmed }) as never);
    expect((await saveWith({ status: 500 }, edit)).body.alert).toBe("수정 실패하였습니다.");
    expect((await saveWith({ status: 201, message: "이미 등록된 사번입니다." }, edit)).body.alert).toBe("이미 등록된 사번입니다.");
  });

  it("a success still says '등록되었습니다.' (the flash of the redirect)", async () => {
    legacy = fakeLegacy({ "/api/student/edit.do": () => ({ status: 200, result: { usSeq: 5 } }) }, MENUS);
    const res = await run(() => addStudent(post("/insert/student/add?year=2026", auth(), { ...student, ...confirmed }) as never));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/insert/student/document?year=2026");
  });
});
