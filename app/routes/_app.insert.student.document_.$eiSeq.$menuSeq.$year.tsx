/** The evaluation mode of the student list: read-only, the configured columns only. */
export { action, default, loader, meta } from "./_app.insert.student.document";
