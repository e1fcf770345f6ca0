/**
 * HTML sanitising with sanitize-html and an allow-list: no script or style elements, no event
 * handlers, no forms or frames, and only http(s)/mailto/tel links (data: only for images, when a
 * caller allows it). Used by the embedded backend before storing and by the web tier again before
 * rendering, since a real legacy server may store anything.
 */
import sanitizeHtml from "sanitize-html";

const BASE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "b", "strong", "i", "em", "u", "s", "strike", "sub", "sup", "span", "div",
    "ul", "ol", "li", "blockquote", "a", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "col", "colgroup", "img", "pre", "code", "mark",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "title"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    span: ["style"],
    p: ["style"],
    div: ["style"],
    "*": ["class"],
  },
  allowedStyles: {
    "*": {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      "background-color": [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      "text-align": [/^(left|right|center|justify)$/],
      "font-weight": [/^(bold|normal|\d{3})$/],
      "text-decoration": [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    // an image without a text alternative is decoration to screen readers
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
  },
};

/** Sanitised HTML for messages and other rich text. */
export function sanitizeRichHtml(html: string, opts: { allowDataImages?: boolean } = {}): string {
  return sanitizeHtml(html ?? "", {
    ...BASE,
    allowedSchemesByTag: opts.allowDataImages ? { img: ["http", "https", "data"] } : BASE.allowedSchemesByTag,
    exclusiveFilter: opts.allowDataImages
      ? (frame) => frame.tag === "img" && /^data:/i.test(frame.attribs.src ?? "") && !/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(frame.attribs.src ?? "")
      : undefined,
  });
}

/**
 * Plain text of some HTML (for previews, counts and titles), as a reader sees it: tags dropped,
 * entities decoded, whitespace collapsed. The result is text, not HTML: React escapes it when it
 * renders. (sanitize-html decodes every entity it reads but escapes &, <, > and " again when it
 * writes; those four are undone here, '&amp;' last, or a message typed as 'a < b' would show as
 * 'a &lt; b'.)
 */
export function htmlToText(html: string): string {
  const key = html ?? "";
  const known = textOf.get(key);
  if (known !== undefined) return known;
  const text = toText(key);
  // the bell shows the same few messages on every page: each is parsed once (a bounded memo)
  if (key.length <= 2_000) {
    if (textOf.size >= 1_000) textOf.delete(textOf.keys().next().value!);
    textOf.set(key, text);
  }
  return text;
}

const textOf = new Map<string, string>();

function toText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
