/**
 * The rich-text editor of RichTextField once the user starts on the field: Mantine's tiptap editor
 * (@mantine/tiptap, tiptap 2), fetched on demand through richTextEnhancer.ts so that no page carries
 * it on its first visit. Images are added through the field's own image block (file, text
 * alternative, 'upload image'), which inserts them here at the cursor through `registerInsert`;
 * base64 images pasted into the editor are kept (the sanitiser allows data:image for images).
 */
import { Link as LinkExtension, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import Underline from "@tiptap/extension-underline";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import type { RichTextEnhancerProps } from "./richTextEnhancer";

/** The toolbar's labels in Korean (buttons are icons: these are their accessible names). */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: "굵게",
  italicControlLabel: "기울임",
  underlineControlLabel: "밑줄",
  strikeControlLabel: "취소선",
  clearFormattingControlLabel: "서식 지우기",
  h2ControlLabel: "제목 2",
  h3ControlLabel: "제목 3",
  h4ControlLabel: "제목 4",
  bulletListControlLabel: "글머리 기호 목록",
  orderedListControlLabel: "번호 목록",
  blockquoteControlLabel: "인용",
  hrControlLabel: "가로줄",
  linkControlLabel: "링크",
  unlinkControlLabel: "링크 제거",
  alignLeftControlLabel: "왼쪽 정렬",
  alignCenterControlLabel: "가운데 정렬",
  alignRightControlLabel: "오른쪽 정렬",
  undoControlLabel: "실행 취소",
  redoControlLabel: "다시 실행",
  linkEditorInputLabel: "링크 주소",
  linkEditorInputPlaceholder: "https://",
  linkEditorExternalLink: "새 탭에서 열기",
  linkEditorInternalLink: "같은 탭에서 열기",
  linkEditorSave: "저장",
};

/** The editable element's id and ARIA: a labelled multi-line text box tied to its description and error. */
function editableAttributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean): Record<string, string> {
  return {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
  };
}

export default function TiptapEditor({ id, labelId, describedBy, invalid, autoFocus, initialHtml, onChange, registerInsert }: RichTextEnhancerProps) {
  const editor = useEditor({
    extensions: [
      StarterKit,
      Underline,
      LinkExtension.configure({ openOnClick: false }),
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      Image.configure({ allowBase64: true }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    autofocus: autoFocus ? "end" : false,
    editorProps: { attributes: editableAttributes(id, labelId, describedBy, invalid) },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // the error state changes after the first submit: keep the editable element's ARIA in step
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: editableAttributes(id, labelId, describedBy, invalid) } });
  }, [editor, id, labelId, describedBy, invalid]);

  useEffect(() => {
    if (!editor) return;
    registerInsert?.((src, alt) => {
      editor.chain().focus().setImage({ src, alt }).run();
    });
    return () => registerInsert?.(null);
  }, [editor, registerInsert]);

  return (
    <RichTextEditor editor={editor} labels={LABELS} className="rich-text-editor">
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
