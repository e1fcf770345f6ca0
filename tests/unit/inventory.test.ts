/**
 * The inventory of the web tier's `.do` calls (issue 33; scripts/inventory.ts): generated from the
 * code and the specifications, and checked here so that a call the inventory does not list, or a
 * list that no longer matches the code, fails the run.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALLS } from "~/legacy/inventory.generated";
import { READS, READS_INPUTS } from "~/legacy/reads.generated";
import { buildInventory, callsInCode, CONTRACT, fieldSources, GENERATED, READS_GENERATED, storedReads, withSection } from "../../scripts/inventory";
import { inputsHash } from "../../scripts/inventory-reads";

describe("the call inventory", () => {
  const inv = buildInventory();

  it("lists every call of the code, and only those (else: npm run inventory)", () => {
    expect(readFileSync(GENERATED, "utf8")).toBe(inv.generated);
    expect(Object.keys(CALLS).sort()).toEqual([...callsInCode().keys()].sort());
  });

  it("is the inventory section of docs/contract.md (else: npm run inventory)", () => {
    const contract = readFileSync(CONTRACT, "utf8");
    expect(withSection(contract, inv.section)).toBe(contract);
  });

  it("lists the fields each call's reply schema reads; worked out again when a file they come from changed (else: npm run inventory)", async () => {
    if (inputsHash(READS_INPUTS.files) === READS_INPUTS.hash) return;
    // an input changed since the last npm run inventory: the compiler reads the schemas again (some seconds)
    const { readReplies } = await import("../../scripts/inventory-reads");
    const fresh = readReplies();
    expect(storedReads().calls, `${READS_GENERATED} is stale: npm run inventory`).toEqual(fresh.calls);
    console.warn(`${READS_GENERATED}: its inputs changed, its fields did not; npm run inventory keeps this test fast`);
  }, 120_000);

  it("marks each field read as the spec's, ours, or of a reply the spec does not state", () => {
    const sources = (call: string) => fieldSources(call, CALLS[call], READS[call]);
    // spec 000 §7 login.do: userInfo is the spec's User; adminYn and pwChangeYn are ours
    expect(sources("/api/login.do")).toMatchObject({ "userInfo.userId": "spec", "userInfo.adminYn": "ours", "userInfo.pwChangeYn": "ours", reJwtToken: "spec" });
    // spec 000 §7 findUserInfo.do -> result.findInfo.userSeq: the change token and the code are ours
    expect(sources("/api/loginpass/findUserInfo.do")).toEqual({ findInfo: "spec", "findInfo.userSeq": "spec", "findInfo.changeToken": "ours", "findInfo.codeSent": "ours", "findInfo.codeTo": "ours" });
    // a list's total (paging) is ours, its rows the spec's; an upload's counts are the spec's
    expect(sources("/api/student/getList.do")).toMatchObject({ "list[].usSeq": "spec", total: "ours" });
    expect(sources("/api/student/excelUpload.do")).toMatchObject({ successCount: "spec", faildCount: "spec", message: "spec", failures: "ours" });
    expect(sources("/api/survey/getSurveyList.do")["list[].srSeq"]).toBe("unstated");
    expect(Object.values(sources("/api/agree/outboxList.do"))).not.toContain("spec");
    // every call read through a schema is a call of the inventory
    for (const call of Object.keys(READS)) expect(CALLS, call).toHaveProperty([call]);
  });

  it("classes the spec's calls and ours as the spec texts name them", () => {
    expect(CALLS["/api/auth/refreshToken.do"]).toBe("spec 000 §7");
    expect(CALLS["/api/agree/agreeUser.do"]).toBe("spec 001 §7");
    expect(CALLS["/api/student/excelUpload.do"]).toBe("spec 001 §7");
    expect(CALLS["/api/tutor/excelUpload.do"]).toBe("spec 001 §7");
    for (const ours of ["/api/agree/outboxList.do", "/api/survey/getSurveyResult.do", "/api/survey/ask/getSurvey.do", "/api/survey/ask/submit.do", "/api/tutor/getList.do"]) expect(CALLS[ours]).toBeNull();
  });
});
