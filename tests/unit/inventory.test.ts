/**
 * The inventory of the web tier's `.do` calls (issue 33; scripts/inventory.ts): generated from the
 * code and the specifications, and checked here so that a call the inventory does not list, or a
 * list that no longer matches the code, fails the run.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALLS } from "~/legacy/inventory.generated";
import { buildInventory, callsInCode, CONTRACT, GENERATED, withSection } from "../../scripts/inventory";

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

  it("classes the spec's calls and ours as the spec texts name them", () => {
    expect(CALLS["/api/auth/refreshToken.do"]).toBe("spec 000 §7");
    expect(CALLS["/api/agree/agreeUser.do"]).toBe("spec 001 §7");
    expect(CALLS["/api/student/excelUpload.do"]).toBe("spec 001 §7");
    expect(CALLS["/api/tutor/excelUpload.do"]).toBe("spec 001 §7");
    for (const ours of ["/api/agree/outboxList.do", "/api/survey/getSurveyResult.do", "/api/survey/ask/getSurvey.do", "/api/survey/ask/submit.do", "/api/tutor/getList.do"]) expect(CALLS[ours]).toBeNull();
  });
});
