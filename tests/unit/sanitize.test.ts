/** The HTML allow-list: what survives and what is removed. */
import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeRichHtml } from "~/utils/sanitize.server";

describe("sanitizeRichHtml", () => {
  it("keeps formatting, links and tables", () => {
    const html = '<p style="text-align:center">안녕 <strong>하세요</strong> <a href="https://example.ac.kr">링크</a></p><table><tr><td>1</td></tr></table>';
    const out = sanitizeRichHtml(html);
    expect(out).toContain("<strong>하세요</strong>");
    expect(out).toContain('href="https://example.ac.kr"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain("<td>1</td>");
  });

  it.each([
    ['<script>alert(1)</script>x', "<script"],
    ['<img src=x onerror="alert(1)">', "onerror"],
    ['<a href="javascript:alert(1)">x</a>', "javascript:"],
    ['<iframe src="https://evil.example"></iframe>', "<iframe"],
    ['<form action="https://evil.example"><input name=a></form>', "<form"],
    ['<svg><script>alert(1)</script></svg>', "<script"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "alert"],
    ['<p style="background:url(javascript:alert(1))">x</p>', "javascript"],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', "data:"],
  ])("removes %s", (html, forbidden) => {
    expect(sanitizeRichHtml(html).toLowerCase()).not.toContain(forbidden.toLowerCase());
  });

  it("allows data:image only when asked", () => {
    const img = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">';
    expect(sanitizeRichHtml(img)).not.toContain("data:");
    expect(sanitizeRichHtml(img, { allowDataImages: true })).toContain("data:image/png");
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">', { allowDataImages: true })).not.toContain("data:");
  });

  it("gives plain text", () => {
    expect(htmlToText("<p>가<b>나</b></p><script>x</script>")).toBe("가나");
  });

  it("gives text, not HTML: entities are decoded once (React escapes the text when it renders)", () => {
    expect(htmlToText("a &lt; b &amp; c &gt; d")).toBe("a < b & c > d");
    expect(htmlToText("&lt;b&gt;굵게&lt;/b&gt;")).toBe("<b>굵게</b>");
    expect(htmlToText("<p>입력 &gt; 학생&nbsp;관리 &quot;2026&quot; &#39;A&#39;</p>")).toBe("입력 > 학생 관리 \"2026\" 'A'");
    // an entity typed as text stays that text
    expect(htmlToText("&amp;lt;")).toBe("&lt;");
    expect(htmlToText("&amp;amp;")).toBe("&amp;");
  });
});

describe("images", () => {
  it("get an empty alt when they have none", () => {
    expect(sanitizeRichHtml('<img src="https://x.example/a.png">')).toContain('alt=""');
    expect(sanitizeRichHtml('<img src="https://x.example/a.png" alt="도표">')).toContain('alt="도표"');
  });
});
