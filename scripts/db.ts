/**
 * Backups of the embedded PGlite database (issue 18; README "Backups"). Stop the server first.
 *
 *   npm run db -- backup <file.tar.gz>    the database of DATA_DIR (default ./data) into one file
 *   npm run db -- restore <file.tar.gz>   that file becomes DATA_DIR's database; the one there is
 *                                         kept aside as data/pglite.before-restore-<time>
 *
 * The audit log is in that database (ADR 0067; a backend in its own thread keeps it there too).
 * Beside a legacy server (LEGACY_API_URL) this installation's only database is the audit log's own
 * PGlite folder, data/audit-pglite: the same commands back it up and restore it.
 *
 * With DATABASE_URL the database is PostgreSQL's: use pg_dump and pg_restore.
 */
import { backupPglite, restorePglite } from "../app/embedded/db/client.server";

const [command, file] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR?.trim() || "./data";
/** The folder of DATA_DIR that holds this installation's database. */
const folder = process.env.LEGACY_API_URL?.trim() ? "audit-pglite" : "pglite";

async function main(): Promise<number> {
  if (process.env.DATABASE_URL?.trim()) {
    console.error("DATABASE_URL is set: the database is PostgreSQL's; back it up with pg_dump and restore it with pg_restore.");
    return 2;
  }
  if (!file || (command !== "backup" && command !== "restore")) {
    console.error("usage: npm run db -- backup <file.tar.gz> | restore <file.tar.gz>");
    return 2;
  }
  if (command === "backup") {
    const bytes = await backupPglite(dataDir, file, folder);
    console.log(`backed up ${dataDir}/${folder} (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${file}`);
  } else {
    const aside = await restorePglite(dataDir, file, folder);
    console.log(`restored ${file} into ${dataDir}${aside ? `; the previous database is kept in ${aside}` : ""}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
