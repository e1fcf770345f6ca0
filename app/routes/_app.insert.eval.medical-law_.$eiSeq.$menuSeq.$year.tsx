/** The evaluation mode of the health and medical law scores: read-only, the configured columns only. */
export { action, default, loader, meta, shouldRevalidate } from "./_app.insert.eval.medical-law";
