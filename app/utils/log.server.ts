/**
 * What an error may put in the server's log (issue 17 "Logs", ADR 0028): never the parameters of
 * a database query (Drizzle's "Failed query: … params: …" carries them: a password hash, a code,
 * a name), nor PostgreSQL's `detail` (which quotes a row's values); only the statement, the
 * database's own message and its code, and the stack's first frames for the programmer.
 */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === "string" ? err.split("\nparams:")[0] : "non-Error thrown";
  const cause = (err as { cause?: unknown }).cause;
  const code = (x: unknown) => (x && typeof x === "object" && typeof (x as { code?: unknown }).code === "string" ? ` [${(x as { code: string }).code}]` : "");
  // Drizzle: "Failed query: <sql>\nparams: <values>" — the statement stays, the values go
  const message = err.message.split("\nparams:")[0];
  const causeText = cause instanceof Error ? ` (cause: ${cause.message.split("\nparams:")[0]}${code(cause)})` : "";
  // the stack's frames only: its first lines repeat the message, parameters included
  const stack = (err.stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 3)
    .join("\n");
  return `${err.name}: ${message}${code(err)}${causeText}${stack ? `\n${stack}` : ""}`;
}
