/** The evaluation mode of the re-learner list: read-only, the server's columns only. */
export { action, default, loader, meta } from "./_app.insert.eval.relearning";
