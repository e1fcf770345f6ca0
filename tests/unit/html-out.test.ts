import { describe, expect, it } from "vitest";
import { htmlOut } from "~/entry.server";

const collect = (t: ReturnType<typeof htmlOut>) => {
  const chunks: string[] = [];
  t.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  return new Promise<string[]>((resolve) => t.on("end", () => resolve(chunks)));
};

describe("the page's HTML on its way out", () => {
  it("what React writes in one burst leaves as one chunk, without NUL bytes", async () => {
    const t = htmlOut();
    const got = collect(t);
    // a Korean character split by a stray NUL at a chunk boundary (react#31134)
    const korean = Buffer.from("학생 목록", "utf8");
    t.write(Buffer.from("<html><body>"));
    t.write(Buffer.concat([korean.subarray(0, 2), Buffer.from([0]), korean.subarray(2)]));
    t.write(Buffer.from("</body></html>"));
    t.end();
    expect(await got).toEqual(["<html><body>학생 목록</body></html>"]);
  });

  it("a part written later (a Suspense boundary) still leaves when it comes", async () => {
    const t = htmlOut();
    const got = collect(t);
    t.write(Buffer.from("<p>shell</p>"));
    await new Promise((r) => setTimeout(r, 20));
    t.write(Buffer.from("<template>later</template>"));
    t.end();
    expect(await got).toEqual(["<p>shell</p>", "<template>later</template>"]);
  });
});
