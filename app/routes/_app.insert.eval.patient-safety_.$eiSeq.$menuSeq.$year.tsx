/** The evaluation mode of the patient safety scores: read-only, the configured columns only. */
export { action, default, loader, meta } from "./_app.insert.eval.patient-safety";
