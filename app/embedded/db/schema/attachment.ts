/**
 * The one attachment a record names (R17 award programs, R07 seminars' schedules: spec 001 §3):
 * a stored file (stored_files) by its folder key and stored name, and its original name; all three
 * null when the record has none. One builder for every table that names one (fresh columns a call).
 */
import { varchar } from "drizzle-orm/pg-core";

export const attachmentColumns = () => ({
  fileRovl: varchar("file_rovl", { length: 100 }),
  fileFlnm: varchar("file_flnm", { length: 100 }),
  fileOrn: varchar("file_orn", { length: 255 }),
});
