/**
 * The extension point of RichTextField: a client-only rich-text editor that takes the plain HTML
 * text area's place once the user starts on the field. `null` means none is installed, and the
 * field stays a text area holding the HTML (which is also what every browser without JavaScript
 * gets).
 *
 * The Mantine editor (@mantine/tiptap, ./TiptapEditor.tsx) is a chunk of its own, fetched only when
 * the field asks for it (its text area focused or pressed, ADR 0045): a page with a rich-text field
 * does not carry it on its first visit.
 */
import type { ComponentType } from "react";

export interface RichTextEnhancerProps {
  /** id of the editable element */
  id: string;
  /** id of the visible label (the editable element is labelled by it) */
  labelId: string;
  /** ids of the description and error lines */
  describedBy?: string;
  invalid: boolean;
  autoFocus?: boolean;
  /** the HTML the editor starts from */
  initialHtml: string;
  /** every change, as HTML: the field posts it in a hidden input */
  onChange: (html: string) => void;
  /**
   * The editor hands the field its 'insert an image at the cursor' function (null when it goes):
   * the field's image block uploads and then inserts through it.
   */
  registerInsert?: (insert: ((src: string, alt: string) => void) | null) => void;
}

export type Enhancer = ComponentType<RichTextEnhancerProps>;

/** Fetches the editor's chunk (once: the module loader keeps it). */
export const loadRichTextEnhancer: (() => Promise<Enhancer>) | null = () => import("./TiptapEditor").then((m) => m.default);
