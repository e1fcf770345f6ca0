/**
 * HTML sanitising with sanitize-html and an allow-list: no script or style elements, no event
 * handlers, no forms or frames, and only http(s)/mailto/tel links (data: only for images, when a
 * caller allows it). Used by the embedded backend before storing and by the web tier again before
 * rendering, since a real legacy server may store anything.
 *
 * Classes: only those the editor (tiptap, TiptapEditor.tsx) writes itself, a code block's
 * `language-…`; a stored text must not dress itself in the app's own classes (a link drawn as the
 * app's button, issue 37 item 8). Images: `images: "media"` (the consent forms, shown on a public
 * page) keeps only this product's own editor images — `/editor-media/<name>` (the legacy server's
 * own view path of the same file is rewritten to it) and, with `allowDataImages`, base64 png, jpeg,
 * gif or webp, which load nothing from anywhere; an image from any other address is dropped.
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
    code: ["class"],
  },
  // what tiptap writes: StarterKit's code block `language-<name>`; nothing else keeps a class
  allowedClasses: { code: ["language-*"] },
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

/** The product's own editor images (the /editor-media resource route), and the legacy server's view path of them. */
const EDITOR_MEDIA = /^\/editor-media\/[A-Za-z0-9-]{1,80}\.(png|jpe?g|gif|webp)$/;
const LEGACY_MEDIA = /^(?:https?:\/\/[^/?#]+)?\/api\/comm\/froala\/mediaView\.do\?flnm=([A-Za-z0-9-]{1,80}\.(?:png|jpe?g|gif|webp))$/;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

/** Whether an image's address is one of this product's own editor images (after the rewrite of the legacy view path). */
export const isEditorMedia = (src: string) => EDITOR_MEDIA.test(src);

/**
 * Sanitised HTML for messages and other rich text. `images: "media"` keeps only the product's own
 * editor images (and base64 ones with `allowDataImages`); by default http(s) images stay too.
 */
export function sanitizeRichHtml(html: string, opts: { allowDataImages?: boolean; images?: "media" | "web" } = {}): string {
  const mediaOnly = opts.images === "media";
  const keepImage = (src: string) => {
    if (/^data:/i.test(src)) return Boolean(opts.allowDataImages) && DATA_IMAGE.test(src);
    if (mediaOnly) return EDITOR_MEDIA.test(src);
    return true;
  };
  return sanitizeHtml(html ?? "", {
    ...BASE,
    allowedSchemesByTag: opts.allowDataImages ? { img: ["http", "https", "data"] } : BASE.allowedSchemesByTag,
    transformTags: {
      ...BASE.transformTags,
      img: (tagName, attribs) => {
        const legacy = LEGACY_MEDIA.exec((attribs.src ?? "").trim());
        const src = legacy ? `/editor-media/${legacy[1]}` : (attribs.src ?? "").trim();
        // an image without a text alternative is decoration to screen readers
        return { tagName, attribs: { ...attribs, src, alt: attribs.alt ?? "" } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !keepImage(frame.attribs.src ?? ""),
  });
}

/**
 * A consent form's HTML (R13): as the backend stores it and as the staff preview and the public
 * consent page render it, sanitised again there (a real legacy server may store anything). Images
 * only of the product's own editor media, or base64 png, jpeg, gif, webp.
 */
export const sanitizeConsentHtml = (html: string) => sanitizeRichHtml(html, { allowDataImages: true, images: "media" });

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
