/**
 * The route guard's path rule (spec 000 §6, spec 001 §4): a path opens when it is a menu's url or
 * under one, or when it is a page that opens with a list's menu (the person registration pages,
 * R09's committee detail under R08's menu).
 */
import { describe, expect, it } from "vitest";
import { canOpen } from "../../app/utils/guard.server";

const menus = [{ menuUrl: "/insert/commission/CommissionList" }, { menuUrl: "/insert/student/document" }];

describe("canOpen", () => {
  it("opens a menu's url, a page under it and the pages every user has", () => {
    expect(canOpen("/insert/commission/CommissionList", menus)).toBe(true);
    expect(canOpen("/insert/commission/CommissionList/1/25/2026", menus)).toBe(true);
    expect(canOpen("/dashboard", [])).toBe(true);
    expect(canOpen("/insert/professor/document", menus)).toBe(false);
  });

  it("opens the committee detail with the committee list's menu only", () => {
    expect(canOpen("/insert/commission/CommissionDetail/12", menus)).toBe(true);
    expect(canOpen("/insert/commission/CommissionDetail/12", [{ menuUrl: "/insert/student/document" }])).toBe(false);
    expect(canOpen("/insert/commission/CommissionDetail/", menus)).toBe(false);
    expect(canOpen("/insert/commission/CommissionDetailX/12", menus)).toBe(false);
  });

  it("opens a registration page with its list's menu", () => {
    expect(canOpen("/insert/student/add", menus)).toBe(true);
    expect(canOpen("/insert/professor/add", menus)).toBe(false);
  });
});
