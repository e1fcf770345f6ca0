/**
 * The extension point of RichTextField: a client-only rich-text editor that replaces the plain
 * HTML text area once the page has hydrated. `null` means none is installed, and the field stays
 * a text area holding the HTML (which is also what every browser without JavaScript gets).
 *
 * The Mantine editor (@mantine/tiptap, ./TiptapEditor.tsx) is loaded lazily, so pages without a
 * rich-text field do not carry it.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

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

export type Enhancer = LazyExoticComponent<ComponentType<RichTextEnhancerProps>> | ComponentType<RichTextEnhancerProps>;

export const RichTextEnhancer: Enhancer | null = lazy(() => import("./TiptapEditor"));
