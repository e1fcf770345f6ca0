/**
 * What the demo sync sources (demo-source.server.ts) share: the students and professors a generator
 * reads, and the stable randomness that ties a student's rows across reports (ability, dates).
 */
import { ENROLMENT } from "../../schemas/student";
import { rng } from "../db/seed-people";
import { formatWireDate } from "../lib/time";
import type { PulledRow } from "./sources.server";

/** A student of a year, as the outside systems know them. */
export interface YearStudent {
  year: number;
  id: string;
  name: string;
  /** 1-6, null when not enrolled in a grade */
  grade: number | null;
  attnCd: string;
}

export type Rand = () => number;
export type Row = Record<string, unknown>;
/** What a generator reads: the seeded students and professors, and the sync's clock. */
export interface DemoWorld {
  students: readonly YearStudent[];
  /** professors' names by year */
  professors: readonly { year: number; name: string }[];
  now: Date;
}
export type Generator = (world: DemoWorld) => PulledRow[];

export const BATCH = 2_000;

/** A stable number for a text (FNV-1a), to seed a student's or an exam's randomness. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** About normal (mean 0, deviation 1). */
export function normal(r: Rand): number {
  return (r() + r() + r() + r() + r() + r() - 3) * 1.41;
}

export const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/** A student's lasting ability (the same in every report). */
export const ability = (id: string) => normal(rng(hash(`ability:${id}`)));

/** A wire date-time in a year: month, day and an hour of the working day. */
export function at(year: number, month: number, day: number, hour = 10, minute = 0): string {
  return formatWireDate(new Date(Date.UTC(year, month - 1, day, hour - 9, minute)))!;
}

/** The enrolled students of a year in one grade, in number order. */
export const inGrade = (all: readonly YearStudent[], year: number, grade: number) => all.filter((s) => s.year === year && s.grade === grade && s.attnCd === ENROLMENT.enrolled);
export const yearsOf = (all: readonly YearStudent[]) => [...new Set(all.map((s) => s.year))].sort((a, b) => a - b);
