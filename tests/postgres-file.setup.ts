/**
 * On PostgreSQL (DATABASE_URL, the contract run of scripts/test.sh), each test file works on a copy
 * of the template database that tests/postgres-template.setup.ts migrated and seeded: this file
 * points DATABASE_URL at `<template>_f<pid>_<n>`, made with CREATE DATABASE … TEMPLATE before the
 * file's modules load, and drops it after the file (ADR 0082). Two files never share rows, so the
 * run takes two files at a time.
 */
import { afterAll } from "vitest";
import pg from "pg";

const url = process.env.DATABASE_URL?.trim();
if (url && !process.env.LEGACY_API_URL?.trim()) {
  const template = new URL(url);
  const templateName = decodeURIComponent(template.pathname.slice(1));
  const name = `${templateName}_f${process.pid}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  // CREATE DATABASE is run from the maintenance database: a connection to the template would block its copy
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
  // two files copying the template at the same moment: PostgreSQL refuses the second while the first
  // copy holds the template ("source database is being accessed by other users"), so try again
  for (let attempt = 0; ; attempt++) {
    try {
      await run(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(templateName)}`);
      break;
    } catch (e) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const mine = new URL(url);
  mine.pathname = `/${encodeURIComponent(name)}`;
  process.env.DATABASE_URL = mine.toString();
  afterAll(async () => {
    await run(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  });
}
