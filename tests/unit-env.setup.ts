/**
 * Each unit and contract test file gets a data folder of its own (DATA_DIR): what the web tier keeps on disk when
 * it talks to a legacy server (the audit log's own PGlite, ADR 0028) goes there, never into the
 * repository's ./data, and two files running at once never open the same database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-unit-"));
process.env.DATA_DIR = dir;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
