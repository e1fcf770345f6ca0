/**
 * Resource routes pass a backend download on to the browser: the body streams through, and only
 * the headers a download needs are copied (type, length, a UTF-8 `filename*` disposition).
 */
export function contentDisposition(fileName: string, kind: "attachment" | "inline" = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function passDownload(res: Response, fallbackName: string, kind: "attachment" | "inline" = "attachment"): Response {
  const headers = new Headers();
  headers.set("Content-Type", res.headers.get("Content-Type") ?? "application/octet-stream");
  const length = res.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  const given = res.headers.get("Content-Disposition");
  const name = given?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  headers.set("Content-Disposition", contentDisposition(name ? decodeURIComponent(name) : fallbackName, kind));
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(res.body, { status: 200, headers });
}
