/**
 * Demo volunteer (R15) and international health-care (R16) activities: for every seed year about
 * twelve volunteer and six health-care records of that year's enrolled students, some with one or
 * two small PDF attachments (stored files). Deterministic (a fixed random sequence per year and
 * kind), and only when the table is empty; needs the people records (seedPeopleIfEmpty) first.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { ActivityKind } from "../../schemas/activities";
import { dbStorage } from "../lib/storage.server";
import type { Db, Tx } from "./client.server";
import { activityFiles, studentActivities, students } from "./schema";
import { SEED_YEARS } from "./seed-data";
import { rng } from "./seed-people";

const PER_YEAR: Record<ActivityKind, number> = { volunteer: 12, medical: 6 };

const VOLUNTEER = [
  { place: "지역아동센터", org: "행복나눔 지역아동센터", cntnt: "초등학생 학습 멘토링", mngrPstn: "센터장" },
  { place: "요양원", org: "늘푸른 요양원", cntnt: "어르신 말벗 및 식사 보조", mngrPstn: "사회복지사" },
  { place: "보건소", org: "시립 보건소", cntnt: "예방접종 안내 및 접수 보조", mngrPstn: "주무관" },
  { place: "무료진료소", org: "나눔의료 무료진료소", cntnt: "진료 접수 및 혈압 측정 보조", mngrPstn: "간호사" },
  { place: "장애인복지관", org: "해오름 장애인복지관", cntnt: "재활 프로그램 보조", mngrPstn: "팀장" },
];
const MEDICAL = [
  { country: "베트남", school: "하노이 의과대학", org: "한-베 의료협력단", cntnt: "지역 보건소 순회 진료 참관 및 보건교육" },
  { country: "캄보디아", school: "프놈펜 보건과학대학", org: "국제보건의료재단", cntnt: "모자보건 사업 현장 실습" },
  { country: "몽골", school: "몽골 국립의과대학", org: "몽골 의료봉사단", cntnt: "유목민 지역 이동 진료 보조" },
  { country: "라오스", school: "라오스 보건과학대학", org: "아시아 보건협력 네트워크", cntnt: "감염병 예방 교육 프로그램 운영" },
];
const MANAGERS = ["김정희", "이민수", "박서연", "최영호", "정하늘", "한지민"];

/** A small valid one-page PDF whose page says `title` (ASCII). */
export function tinyPdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const pad = (n: number) => String(n).padStart(2, "0");

async function seedKind(tx: Tx, kind: ActivityKind, year: number): Promise<number> {
  const pool = await tx
    .select({ usSeq: students.usSeq, id: students.id })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N")))
    .orderBy(asc(students.id));
  if (!pool.length) return 0;
  const next = rng(year * 131 + (kind === "volunteer" ? 11 : 29));
  const storage = dbStorage(tx);
  let seeded = 0;
  for (let i = 0; i < PER_YEAR[kind] && pool.length; i++) {
    const student = pool.splice(Math.floor(next() * pool.length), 1)[0];
    const month = 1 + Math.floor(next() * 11);
    const day = 1 + Math.floor(next() * 20);
    const days = kind === "volunteer" ? Math.floor(next() * 3) : 5 + Math.floor(next() * 10);
    const stde = `${year}-${pad(month)}-${pad(day)}`;
    const ende = `${year}-${pad(month)}-${pad(day + days)}`;
    const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const common = {
      kind: kind === "volunteer" ? "VA" : "GA",
      year,
      usSeq: student.usSeq,
      stde,
      ende,
      hours: kind === "volunteer" ? 2 + Math.floor(next() * 20) : 40 + Math.floor(next() * 80),
      eval: next() < 0.5 ? "성실하게 참여함" : "적극적으로 활동에 임함",
      tel1: "02",
      tel2: String(1000 + Math.floor(next() * 9000)),
      tel3: String(1000 + Math.floor(next() * 9000)),
      mngrNm: pick(MANAGERS),
    };
    const values =
      kind === "volunteer"
        ? (() => {
            const v = pick(VOLUNTEER);
            return { ...common, place: v.place, org: v.org, cntnt: v.cntnt, mngrPstn: v.mngrPstn };
          })()
        : (() => {
            const m = pick(MEDICAL);
            return { ...common, place: m.school, country: m.country, org: m.org, cntnt: m.cntnt, mngrPstn: "담당교수" };
          })();
    const [saved] = await tx.insert(studentActivities).values(values).returning({ actSeq: studentActivities.actSeq });
    // about one record in three has an activity certificate (and sometimes a report)
    const files = next() < 0.35 ? (next() < 0.3 ? 2 : 1) : 0;
    for (let f = 0; f < files; f++) {
      const orn = f === 0 ? `${kind === "volunteer" ? "봉사활동확인서" : "활동확인서"}_${student.id}.pdf` : `활동보고서_${student.id}.pdf`;
      const put = await storage.put(tinyPdf(`${kind} ${year} ${student.id} ${f + 1}`), { orn, mime: "application/pdf", rovl: `activity/${year}/${pad(month)}` });
      await tx.insert(activityFiles).values({ actSeq: saved.actSeq, rovl: put.rovl, flnm: put.flnm, orn });
    }
    seeded += 1;
  }
  return seeded;
}

/** Answers how many activities it seeded (0 when the table had some). */
export async function seedActivitiesIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(studentActivities);
    if (Number(row?.n ?? 0) > 0) return 0;
    let seeded = 0;
    for (const year of SEED_YEARS) {
      seeded += await seedKind(tx, "volunteer", year);
      seeded += await seedKind(tx, "medical", year);
    }
    return seeded;
  });
}
