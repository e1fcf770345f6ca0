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

describe("classes and images of stored forms (issue 37 item 8)", () => {
  it("keeps only the classes the editor writes", () => {
    const out = sanitizeRichHtml(
      '<a class="mantine-Button-root btn-primary" href="https://evil.example/login">로그인</a><p class="mantine-Alert-root">x</p><pre><code class="language-js evil">1</code></pre><span class="language-js">y</span>',
    );
    expect(out).not.toContain("mantine");
    expect(out).not.toContain("btn-primary");
    expect(out).not.toContain("evil\"");
    expect(out).toContain('<code class="language-js">1</code>');
    expect(out).toContain("<span>y</span>");
    expect(out).toContain('<a href="https://evil.example/login" rel="noopener noreferrer">로그인</a>');
  });

  it.each([
    '<img src="https://evil.example/track.png" alt="a">',
    '<img src="http://evil.example/a.png">',
    '<img src="//evil.example/a.png">',
    '<img src="/dashboard">',
    '<img src="/editor-media/../logout">',
    '<img src="/editor-media/a.svg">',
    '<img src="/editor-media/a.png?x=https://evil.example">',
    '<img src=" https://evil.example/a.png">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<img src="https://evil.example/api/comm/froala/mediaView.do?flnm=../x.png">',
  ])("drops a foreign image on a consent form: %s", (html) => {
    expect(sanitizeRichHtml(`<p>본문</p>${html}`, { allowDataImages: true, images: "media" })).toBe("<p>본문</p>");
  });

  it("keeps the product's own editor images and base64 ones, and rewrites the legacy view path", () => {
    const own = '<img src="/editor-media/0b7c1e2a-1111-4a2b-9c3d-123456789abc.png" alt="직인" />';
    expect(sanitizeRichHtml(own, { allowDataImages: true, images: "media" })).toBe(own);
    expect(sanitizeRichHtml('<img src="data:image/png;base64,iVBORw0KGgo=">', { allowDataImages: true, images: "media" })).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="" />');
    expect(sanitizeRichHtml('<img src="/api/comm/froala/mediaView.do?flnm=abc-1.jpg" alt="x">', { images: "media" })).toBe('<img src="/editor-media/abc-1.jpg" alt="x" />');
    // without images: "media" (messages) http(s) images stay as before
    expect(sanitizeRichHtml('<img src="https://x.example/a.png">')).toContain("https://x.example/a.png");
  });
});
