/** The evaluation mode of the professor list: read-only, the configured columns only. */
export { action, default, loader, meta } from "./_app.insert.professor.document";
