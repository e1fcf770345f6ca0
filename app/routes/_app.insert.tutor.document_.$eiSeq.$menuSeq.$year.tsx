/** The evaluation mode of the tutor list: read-only, the configured columns only. */
export { action, default, loader, meta } from "./_app.insert.tutor.document";
