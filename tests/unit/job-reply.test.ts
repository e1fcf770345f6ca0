/**
 * The web tier's reading of a send's reply and of a job page's URL (ADR 0030): a legacy server's
 * synchronous reply (the spec's, whatever its result) is a send without a job, shown at once; the
 * embedded backend's reply names its job, whether mails are still going out, and a double post.
 */
import { describe, expect, it } from "vitest";
import { sendReply } from "../../app/legacy/endpoints/job.server";
import { placeOf } from "../../app/routes/__job.server";

describe("a send's reply", () => {
  it("the spec's replies carry no job: the result shows at once", () => {
    for (const result of [undefined, null, "", 0, "OK", [], { sent: 3 }, { sent: 3, channel: "outbox" }, { jobSeq: "abc" }, { jobSeq: -4 }, { jobSeq: 1.5 }]) {
      expect(sendReply.parse(result), JSON.stringify(result)).toEqual({ jobSeq: null, ended: false, repeated: false });
    }
  });

  it("the embedded backend's: the job, whether it has ended, and a double post", () => {
    expect(sendReply.parse({ sent: 3, already: 0, queued: 3, jobSeq: 41, job: { ended: false } })).toEqual({ jobSeq: 41, ended: false, repeated: false });
    expect(sendReply.parse({ sent: 3, already: 0, queued: 0, jobSeq: 42, job: { ended: true } })).toEqual({ jobSeq: 42, ended: true, repeated: false });
    expect(sendReply.parse({ sent: 0, already: 3, jobSeq: 41, job: { ended: true } })).toEqual({ jobSeq: 41, ended: true, repeated: true });
  });
});

describe("a job page's URL", () => {
  const at = (path: string) => placeOf(new Request(`http://localhost${path}`));

  it("names its send page, the job's target and the job", () => {
    expect(at("/survey/send/list/12/job/7")).toEqual({ back: "/survey/send/list/12", target: "survey:12", self: "/survey/send/list/12/job/7", jobSeq: 7, title: "설문 발송 진행 상황" });
    expect(at("/management/privacy/send/5/job/9/status")).toMatchObject({ back: "/management/privacy/send/5", target: "agree:5", self: "/management/privacy/send/5/job/9", jobSeq: 9 });
  });

  it("anything else is 404", () => {
    for (const path of ["/survey/send/list/0/job/7", "/survey/send/list/12/job/abc", "/survey/send/list/12/job/07", "/survey/send/list/12/job/12345678901", "/management/privacy/send/5/job/9/other"]) {
      let status = 0;
      try {
        at(path);
      } catch (e) {
        status = (e as Response).status;
      }
      expect(status, path).toBe(404);
    }
  });
});
