/**
 * The one redirect normaliser (issue 17, open redirect): whatever a request puts in a redirect
 * target, the Location a browser resolves stays on this origin. The HTTP attack on sign-in is in
 * tests/e2e/web-hardening.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "~/utils/safe-redirect";

const SITE = "https://medu.example";

/** What a browser does with a Location header on a page of SITE (WHATWG URL, as fetch and Chrome). */
const landsOn = (location: string) => new URL(location, `${SITE}/`).origin;

const ATTACKS = [
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "\t//evil.example",
  " //evil.example",
  "//evil.example",
  "///evil.example",
  "//evil.example/dashboard",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "https:evil.example",
  "HTTPS://evil.example/dashboard",
  "javascript:alert(1)",
  "javascript://%0aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "",
];

describe("safeRedirectTo", () => {
  it.each(ATTACKS)("refuses %j: the fallback, which stays on this origin", (attack) => {
    expect(safeRedirectTo(attack)).toBe("/dashboard");
    expect(safeRedirectTo(attack, "/messenger")).toBe("/messenger");
    expect(landsOn(safeRedirectTo(attack))).toBe(SITE);
  });

  it("refuses what is not a string (a posted file, nothing)", () => {
    expect(safeRedirectTo(null)).toBe("/dashboard");
    expect(safeRedirectTo(undefined, "")).toBe("");
    expect(safeRedirectTo(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/insert/eval/patient-safety?year=2026&page=2", "/insert/eval/patient-safety?year=2026&page=2"],
    ["/survey/registration?seq=3#q2", "/survey/registration?seq=3#q2"],
    ["/messenger?next=//evil.example", "/messenger?next=//evil.example"],
    ["/management/privacy/../privacy", "/management/privacy"],
    ["/survey/ask/3/12?sig=a%2Fb&done=1", "/survey/ask/3/12?sig=a%2Fb&done=1"],
  ])("keeps the same-origin path %j as %j", (given, kept) => {
    expect(safeRedirectTo(given)).toBe(kept);
    expect(landsOn(safeRedirectTo(given))).toBe(SITE);
  });

  it("strips control characters from a path that stays on the site", () => {
    expect(safeRedirectTo("/dash\tboard\n")).toBe("/dashboard");
    expect(safeRedirectTo("/survey?x=\u0001")).toBe("/survey?x=");
  });

  it("percent-encodes what a Location header cannot carry raw", () => {
    expect(safeRedirectTo("/survey?searchTxt=만족도 설문")).toBe("/survey?searchTxt=%EB%A7%8C%EC%A1%B1%EB%8F%84%20%EC%84%A4%EB%AC%B8");
  });

  it("refuses a path that percent-decodes to nothing readable", () => {
    expect(safeRedirectTo("/insert/eval/%E0%A4%A")).toBe("/dashboard");
  });
});
