/**
 * Bounded request bodies (issue 18; docs/decisions/0027-bounded-bodies.md): the limit of each
 * path, the middleware on a fake request stream (chunks pushed as Node's HTTP parser pushes them),
 * and the same middleware in a real HTTP server in front of a reader that reads the whole body, as
 * Remix's request.formData() does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import {
  bodyLimitFor,
  bodyRefused,
  FORM_LIMIT,
  LARGE_FORM_LIMIT,
  limitBody,
  MAX_FILE_BYTES,
  refuseAndClose,
  UPLOAD_LIMIT,
} from "~/utils/body-limit.server";

const MULTIPART = "multipart/form-data; boundary=----x";
const URLENCODED = "application/x-www-form-urlencoded";

describe("bodyLimitFor", () => {
  it("gives forms, JSON and the public pages the small limit", () => {
    for (const path of ["/", "/logout", "/dashboard", "/send/privacyAgree/3/7", "/profile", "/api/anything"]) {
      expect(bodyLimitFor(path, URLENCODED), path).toEqual({ bytes: FORM_LIMIT, upload: false });
      expect(bodyLimitFor(path, "application/json"), path).toEqual({ bytes: FORM_LIMIT, upload: false });
    }
    expect(FORM_LIMIT).toBe(256 * 1024);
  });
  it("gives the survey editor and the survey answer page the large form limit", () => {
    for (const path of ["/survey/registration", "/survey/ask/12", "/survey/ask/12/34", "/survey/ask/12/"]) {
      expect(bodyLimitFor(path, URLENCODED), path).toEqual({ bytes: LARGE_FORM_LIMIT, upload: false });
    }
  });
  it("gives the upload paths the upload limit for multipart bodies only", () => {
    const uploads = [
      "/insert/professor/document",
      "/insert/student/document",
      "/insert/tutor/document",
      "/insert/professor/add",
      "/insert/student/add",
      "/insert/eval/medical-law",
      "/insert/eval/relearning",
      "/insert/eval/patient-safety",
      "/insert/professor/archive",
      "/eval/monitor/analysis",
      "/insert/student/volunteer",
      "/insert/student/medical",
      "/insert/student/awards",
      "/insert/professor/seminar",
      "/insert/commission/CommissionDetail/12",
      "/management/privacy/add",
      "/management/privacy/edit/5",
      "/management/privacy/media",
    ];
    for (const path of uploads) {
      expect(bodyLimitFor(path, MULTIPART), path).toEqual({ bytes: UPLOAD_LIMIT, upload: true });
      expect(bodyLimitFor(path, URLENCODED), path).toEqual({ bytes: FORM_LIMIT, upload: false });
    }
    // five files of the spec's 10 MB and their form
    expect(UPLOAD_LIMIT).toBeGreaterThan(5 * MAX_FILE_BYTES);
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    // a multipart post elsewhere (sign-in, logout, a list without uploads) is a small form
    for (const path of ["/", "/logout", "/management/privacy/send/5", "/insert/eval/medical-law/extra", "/survey", "/insert/commission/CommissionDetail/12/excel", "/insert/commission/CommissionList"]) {
      expect(bodyLimitFor(path, MULTIPART), path).toEqual({ bytes: FORM_LIMIT, upload: false });
    }
  });
});

/** A response double: what the middleware sets and sends. */
function fakeResponse() {
  const headers: Record<string, string | number> = {};
  const res = {
    statusCode: 200,
    headersSent: false,
    body: "",
    setHeader: (k: string, v: string | number) => void (headers[k.toLowerCase()] = v),
    end: (b: string) => {
      res.body = b;
      res.headersSent = true;
    },
    headers,
  };
  return res;
}

/** A request double: a readable stream whose chunks arrive through push(), as from Node's parser. */
function fakeRequest(url: string, headers: Record<string, string>) {
  const socket = { destroyed: false, destroy: () => void (socket.destroyed = true) };
  return Object.assign(new Readable({ read() {} }), { url, method: "POST", headers, socket });
}

type Req = Parameters<typeof limitBody>[0];
type Res = Parameters<typeof limitBody>[1];

describe("limitBody on a request stream", () => {
  it("refuses a declared length over the limit at once, without reading", () => {
    const req = fakeRequest("/?index", { "content-type": URLENCODED, "content-length": String(FORM_LIMIT + 1) });
    const res = fakeResponse();
    let passed = false;
    limitBody(req as unknown as Req, res as unknown as Res, () => (passed = true));
    expect(passed).toBe(false);
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(OWN_MSG.bodyTooLarge);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.connection).toBe("close");
    expect(bodyRefused(req as unknown as Req)).toBe(true);
  });

  it("passes a body within the limit to its reader whole", async () => {
    const req = fakeRequest("/logout", { "content-type": URLENCODED });
    const res = fakeResponse();
    let passed = false;
    limitBody(req as unknown as Req, res as unknown as Res, () => (passed = true));
    expect(passed).toBe(true);
    const read = (async () => {
      let n = 0;
      for await (const c of req) n += (c as Buffer).length;
      return n;
    })();
    for (let i = 0; i < 4; i++) req.push(Buffer.alloc(FORM_LIMIT / 4, 0x61));
    req.push(null);
    expect(await read).toBe(FORM_LIMIT);
    expect(res.statusCode).toBe(200);
    expect(bodyRefused(req as unknown as Req)).toBe(false);
  });

  it("stops a chunked body as soon as its count passes the limit: the reader never gets more, nor the end", async () => {
    const req = fakeRequest("/survey/ask/1", { "content-type": URLENCODED, "transfer-encoding": "chunked" });
    const res = fakeResponse();
    limitBody(req as unknown as Req, res as unknown as Res, () => undefined);
    let received = 0;
    let ended = false;
    req.on("data", (c: Buffer) => (received += c.length));
    req.on("end", () => (ended = true));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let pushes = 0;
    // 50 MB offered: the parser keeps pushing, the limit stops the flow
    while (pushes < 800) {
      req.push(chunk);
      pushes += 1;
    }
    req.push(null);
    await new Promise((r) => setImmediate(r));
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(OWN_MSG.bodyTooLarge);
    expect(received).toBeLessThanOrEqual(LARGE_FORM_LIMIT);
    expect(ended).toBe(false);
  });

  it("says the spec's file message on an upload path", () => {
    const req = fakeRequest("/insert/student/document", { "content-type": MULTIPART, "content-length": String(UPLOAD_LIMIT + 1) });
    const res = fakeResponse();
    limitBody(req as unknown as Req, res as unknown as Res, () => undefined);
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(MSG.fileTooLarge);
  });

  it("after an answer already sent, only drops the connection", () => {
    const req = fakeRequest("/", {});
    const res = fakeResponse();
    res.headersSent = true;
    refuseAndClose(req as unknown as Req, res as unknown as Res, 413, "text/plain", "x");
    expect(req.socket.destroyed).toBe(true);
    expect(res.body).toBe("");
  });
});

describe("limitBody in an HTTP server", () => {
  let server: http.Server;
  let port: number;
  /** bytes each request's reader got */
  const readBytes: number[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) =>
      limitBody(req, res, () => {
        // the reader, like Remix's formData(): everything, then the answer
        let n = 0;
        req.on("data", (c: Buffer) => (n += c.length));
        req.on("end", () => {
          readBytes.push(n);
          res.end(`read ${n}`);
        });
        req.on("error", () => readBytes.push(n));
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** posts `total` bytes in chunks (chunked encoding unless a length is given); the answer and how long it took */
  function post(path: string, total: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const t0 = Date.now();
      const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": URLENCODED, ...headers } });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - t0 }));
      });
      // the server closes a refused connection: the writes still under way fail, after the answer
      req.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const write = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });
  }

  it("answers a chunked 50 MB post with the 413 while it is still arriving; the reader got at most the limit", async () => {
    const r = await post("/logout", 50 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(r.body).toContain(OWN_MSG.bodyTooLarge);
    expect(r.ms).toBeLessThan(5_000);
    expect(Math.max(...readBytes)).toBeLessThanOrEqual(FORM_LIMIT);
  });

  it("answers a declared length over the limit with the 413", async () => {
    const r = await post("/?index", 8 * 1024 * 1024, { "content-length": String(8 * 1024 * 1024) });
    expect(r.status).toBe(413);
    expect(r.body).toContain(OWN_MSG.bodyTooLarge);
  });

  it("still reads a body within the limit, on a new connection after the refusals", async () => {
    const r = await post("/?index", 128 * 1024);
    expect(r).toMatchObject({ status: 200, body: `read ${128 * 1024}` });
  });
});
