/** The student lookup of the score-entry dialogs: POST /api/awards/getStuName.do {id, year}. */
import { beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { formData, studentForm } from "./people-fixtures";

const server = adminApi();
const { call } = server;

const YEAR = 2038;

describe("/api/awards/getStuName.do", () => {
  let id = "";
  let usSeq = 0;
  beforeAll(async () => {
    const form = studentForm({ name: "조회학생" });
    const r = await server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year: YEAR }) });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    id = form.id;
    usSeq = r.body.result.usSeq;
  });

  it("answers the name and usSeq of the number in the year", async () => {
    const r = await call("/api/awards/getStuName.do", { id, year: YEAR });
    expect(r.body).toMatchObject({ status: 200, result: { stu: { name: "조회학생", usSeq } } });
  });

  it("answers null for a year without that number", async () => {
    const r = await call("/api/awards/getStuName.do", { id, year: YEAR + 1 });
    expect(r.body).toMatchObject({ status: 200, result: { stu: null } });
  });

  it("refuses an empty or non-digit number", async () => {
    for (const bad of ["", "12a4", undefined]) {
      const r = await call("/api/awards/getStuName.do", { id: bad, year: YEAR });
      expect(r.body).toMatchObject({ status: 400, message: MSG.lookupNeedsId });
    }
  });

  it("needs a token", async () => {
    const r = await server.api.call("/api/awards/getStuName.do", { id, year: YEAR });
    expect(r.http === 401 || r.body.status !== 200).toBe(true);
  });
});
