/**
 * Demo consent forms (spec 001 §3 "Consent form"): three forms with the four notices Korean
 * privacy law asks for, a sending list for the first two from the seeded people (students and
 * professors of the latest seeded year up to now), some sent with personal links in the outbox
 * and a few answered. Runs on every start, only when there is no consent form yet; needs the
 * people records (seedPeopleIfEmpty) first.
 */
import { and, asc, count, desc, eq, lte } from "drizzle-orm";
import { AGREE_TEMPLATE_HTML } from "../../schemas/privacy";
import { agreePath, linkDays, signLink } from "../handlers/agree-common.server";
import { sanitizeConsentHtml } from "../../utils/sanitize.server";
import { seoulYear } from "../lib/time";
import type { Db } from "./client.server";
import { commCodes, professors, students, users } from "./schema";
import { agreeFormVersions, agreeForms, agreeOutbox, agreeRecipients } from "./schema/privacy";

const STUDENT_FORM = {
  uiaNm: "학생 교육평가 자료 활용을 위한 개인정보 수집·이용 동의서",
  html: AGREE_TEMPLATE_HTML.replace("○○의과대학", "본 의과대학"),
};

const PROFESSOR_FORM = {
  uiaNm: "교원 교육업적 평가를 위한 개인정보 수집·이용 동의서",
  html: `<p>본 의과대학은 교원 교육업적 평가와 의학교육 인증 평가 자료 작성을 위하여 아래와 같이 개인정보를 수집·이용합니다.</p>
<table><thead><tr><th scope="col">구분</th><th scope="col">내용</th></tr></thead><tbody>
<tr><td>수집·이용 목적</td><td>교육업적 점수 산정, 세미나·위원회 참여 실적 관리, 인증 평가 보고서 작성</td></tr>
<tr><td>수집 항목</td><td>성명, 사번, 소속, 직위, 재직상태, 연락처, 이메일</td></tr>
<tr><td>보유·이용 기간</td><td>퇴직 후 5년 (이후 지체 없이 파기)</td></tr>
<tr><td>동의 거부 권리 및 불이익</td><td>동의를 거부할 수 있으며, 거부 시 교육업적 평가 자료에서 해당 실적이 반영되지 않을 수 있습니다.</td></tr>
</tbody></table>`,
};

const GRADUATE_FORM = {
  uiaNm: "졸업생 추적조사 개인정보 수집·이용 동의서",
  html: `<h3>1. 수집·이용 목적</h3><p>졸업생 진로 추적조사 및 교육성과 분석</p>
<h3>2. 수집 항목</h3><p>성명, 학번, 졸업년도, 연락처, 이메일, 근무기관</p>
<h3>3. 보유 및 이용 기간</h3><p>조사 종료 후 3년</p>
<h3>4. 동의 거부 권리 및 불이익</h3><p>동의를 거부할 수 있으며, 거부 시 추적조사 대상에서 제외됩니다. 그 밖의 불이익은 없습니다.</p>`,
};

/** The latest year up to now that has student records (the seed covers 2024-2026). */
async function peopleYear(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ year: students.year })
    .from(students)
    .where(lte(students.year, seoulYear()))
    .orderBy(desc(students.year))
    .limit(1);
  return row?.year ?? null;
}

/** Answers how many forms it created (0 when there were forms already). */
export async function seedPrivacyIfEmpty(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(agreeForms);
  if (Number(n) > 0) return 0;
  const year = await peopleYear(db);
  const [admin] = await db.select({ userSeq: users.userSeq }).from(users).where(eq(users.adminYn, "Y")).orderBy(asc(users.userSeq)).limit(1);

  return db.transaction(async (tx) => {
    const [{ n: again }] = await tx.select({ n: count() }).from(agreeForms);
    if (Number(again) > 0) return 0;
    const thisYear = seoulYear();
    const make = async (f: { uiaNm: string; html: string }, formYear: number, usyn: "Y" | "N") => {
      const content = sanitizeConsentHtml(f.html);
      const [row] = await tx
        .insert(agreeForms)
        .values({ year: formYear, uiaNm: f.uiaNm, uiaContent: content, usyn, ver: 1, regUserSeq: admin?.userSeq ?? null })
        .returning({ uiaSeq: agreeForms.uiaSeq });
      await tx.insert(agreeFormVersions).values({ uiaSeq: row.uiaSeq, ver: 1, uiaNm: f.uiaNm, uiaContent: content });
      return row.uiaSeq;
    };
    const graduate = await make(GRADUATE_FORM, Math.max(2025, thisYear - 1), "N");
    const professorForm = await make(PROFESSOR_FORM, thisYear, "Y");
    const studentForm = await make(STUDENT_FORM, thisYear, "Y");
    void graduate;
    if (year === null) return 3;

    const someStudents = await tx
      .select({ usSeq: students.usSeq, email: students.email, emailCd: students.emailCd })
      .from(students)
      .where(and(eq(students.year, year), eq(students.del, "N"), eq(students.attnCd, "0000600001")))
      .orderBy(asc(students.id))
      .limit(8);
    const someProfessors = await tx
      .select({ usSeq: professors.usSeq })
      .from(professors)
      .where(and(eq(professors.year, year), eq(professors.del, "N")))
      .orderBy(asc(professors.id))
      .limit(4);

    const domains = new Map(
      (await tx.select({ code: commCodes.code, codeNm: commCodes.codeNm }).from(commCodes).where(and(eq(commCodes.cmmnCd, "0000400000"), eq(commCodes.year, year)))).map((c) => [c.code, c.codeNm]),
    );
    const addressOf = (s: { email: string | null; emailCd: string | null }) => (s.email && s.emailCd && domains.get(s.emailCd) ? `${s.email}@${domains.get(s.emailCd)}` : null);
    const now = new Date();
    const expires = new Date(now.getTime() + linkDays() * 86_400_000);
    for (const [i, s] of someStudents.entries()) {
      const sent = i < 5;
      const answer = i < 2 ? "Y" : i === 2 ? "N" : null;
      await tx.insert(agreeRecipients).values({
        uiaSeq: studentForm,
        usSeq: s.usSeq,
        year,
        sendFlag: sent ? "Y" : "N",
        sendCnt: sent ? 1 : 0,
        sendDt: sent ? now : null,
        agreeYn: answer,
        agreeDt: answer ? now : null,
        agreeVer: answer ? 1 : null,
      });
      if (sent) {
        await tx.insert(agreeOutbox).values({
          uiaSeq: studentForm,
          usSeq: s.usSeq,
          channel: "outbox",
          toAddr: addressOf(s),
          subject: `[개인정보 수집·이용 동의 요청] ${STUDENT_FORM.uiaNm}`,
          link: agreePath(studentForm, s.usSeq, await signLink(tx, studentForm, s.usSeq, expires)),
          expDt: expires,
          status: "kept",
          senderSeq: admin?.userSeq ?? null,
        });
      }
    }
    if (someProfessors.length) {
      await tx.insert(agreeRecipients).values(someProfessors.map((p) => ({ uiaSeq: professorForm, usSeq: p.usSeq, year })));
    }
    return 3;
  });
}
