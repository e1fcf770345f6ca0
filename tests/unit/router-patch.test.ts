/**
 * The server's route matching keeps its ranked branches and compiled patterns (patches/, ADR 0046)
 * and the matches of the paths it has seen (ADR 0050).
 * What must hold: the answers are the library's, for every path, also when a tree grows in place
 * (a browser's lazy route discovery) and for patterns seen before with other options.
 */
import { createRequire } from "node:module";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const ids = (m: ReturnType<typeof router.matchRoutes>) => m?.map((x) => `${x.route.id}${JSON.stringify(x.params)}`) ?? null;

describe("the patched route matching", () => {
  it("is applied (npm install runs patch-package)", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("medu-eval patch");
  });

  it("answers each path with its own params from the kept branches", () => {
    const routes = [
      { id: "root", path: "/", children: [{ id: "doc", path: "insert/:kind/document" }, { id: "eval", path: "insert/:kind/document/:eiSeq" }, { id: "home", index: true }] },
      { id: "splat", path: "/files/*" },
    ];
    expect(ids(router.matchRoutes(routes, "/insert/student/document"))).toEqual(['root{"kind":"student"}', 'doc{"kind":"student"}']);
    expect(ids(router.matchRoutes(routes, "/insert/professor/document/7"))).toEqual(['root{"kind":"professor","eiSeq":"7"}', 'eval{"kind":"professor","eiSeq":"7"}']);
    expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root{}", "home{}"]);
    expect(ids(router.matchRoutes(routes, "/files/a/b"))).toEqual(['splat{"*":"a/b"}']);
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
  });

  it("sees a route added to the same tree in place", () => {
    const children: { id: string; path?: string; index?: boolean }[] = [{ id: "a", path: "a" }];
    const routes = [{ id: "root", path: "/", children }];
    expect(router.matchRoutes(routes, "/b")).toBeNull();
    children.push({ id: "b", path: "b" });
    expect(ids(router.matchRoutes(routes, "/b"))).toEqual(["root{}", "b{}"]);
  });

  it("answers a path matched before from its memo (ADR 0050): the same matches, never the same objects", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "item", path: "list/:id" }] }];
    const first = router.matchRoutes(routes, "/list/7")!;
    // a caller that changes what it got changes nothing for the next one
    (first[0].params as Record<string, string>).id = "changed";
    first.pop();
    const again = router.matchRoutes(routes, "/list/7")!;
    expect(ids(again)).toEqual(['root{"id":"7"}', 'item{"id":"7"}']);
    expect(again[0]).not.toBe(first[0]);
    // one params object shared by the matches of one answer, as the library makes them
    expect(again[1].params).toBe(again[0].params);
    expect(again[1].route).toBe(routes[0].children[0]);
    expect(router.matchRoutes(routes, "/list/8")![1].params).toEqual({ id: "8" });
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
  });

  it("compiles a pattern per case rule and end", () => {
    expect(router.matchPath({ path: "/Users/:id", caseSensitive: true, end: true }, "/users/1")).toBeNull();
    expect(router.matchPath({ path: "/Users/:id", caseSensitive: false, end: true }, "/users/1")?.params).toEqual({ id: "1" });
    expect(router.matchPath({ path: "/users", end: false }, "/users/1")?.pathname).toBe("/users");
    expect(router.matchPath({ path: "/users", end: true }, "/users/1")).toBeNull();
  });
});

describe("the server's route objects, made once per build (ADR 0049)", () => {
  const server = require("react-router-dom/server") as typeof import("react-router-dom/server");
  const routes = [{ id: "root", path: "/", children: [{ id: "list", path: "list" }, { id: "item", path: "list/:id" }] }];
  const contextFor = async (url: string) => {
    const handler = server.createStaticHandler(routes);
    const context = await handler.query(new Request(`http://x${url}`));
    if (context instanceof Response) throw new Error("no context");
    return context;
  };

  it("is applied to Remix's server render and React Router's static router", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesCache");
    expect(fs.readFileSync(require.resolve("react-router-dom/server"), "utf8")).toContain("dataRoutesCache");
  });

  it("keeps one route array per tree, each request with its own location and matches", async () => {
    const a = server.createStaticRouter(routes, await contextFor("/list"));
    const b = server.createStaticRouter(routes, await contextFor("/list/7"));
    expect(b.routes).toBe(a.routes);
    expect(a.state.location.pathname).toBe("/list");
    expect(b.state.location.pathname).toBe("/list/7");
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "list"]);
    expect(b.state.matches.map((m) => [m.route.id, m.params.id])).toEqual([["root", "7"], ["item", "7"]]);
    // the matches hold the router's own route objects, so a match found later in the render is one of them
    expect(a.routes[0].children).toContain(a.state.matches[1].route);
    // another tree gets routes of its own
    const other = [{ id: "other", path: "/" }];
    const c = server.createStaticRouter(other, await server.createStaticHandler(other).query(new Request("http://x/")) as never);
    expect(c.routes).not.toBe(a.routes);
  });
});
