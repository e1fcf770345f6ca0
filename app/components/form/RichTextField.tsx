/**
 * A rich-text (HTML) field that works without JavaScript.
 *
 * - Server render and no JavaScript: a text area holding the HTML, and an image block (file,
 *   text alternative, and an 'upload image' button posting the form with intent=image: the
 *   action uploads the image and puts it at the end of the content, every value kept).
 * - With JavaScript and no editor installed: the same text area; the image button uploads
 *   through `uploadAction` in place and inserts the <img> at the cursor.
 * - With an editor registered in richTextEnhancer.ts (the Mantine tiptap editor): the same text
 *   area until the user starts on it (focus or a press in it; ADR 0045), which fetches the editor
 *   and puts it in the text area's place, starting from what the text area holds then (what was
 *   typed while it loaded included), with the focus in it if the text area still has it. The
 *   editor posts its HTML in a hidden input under the same name. If the editor cannot be fetched
 *   the text area stays.
 * Errors come from the form's schema (remix-validated-form) and are tied to the field.
 */
import { Button, Group, Text, Textarea, TextInput } from "~/components/ui/mantine";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/layout/useHydrated";
import { useCsrfToken } from "~/components/layout/useRootData";
import { useFieldId, useFieldState } from "./field-state";
import { loadRichTextEnhancer, type Enhancer } from "./richTextEnhancer";

export interface RichTextFieldProps {
  name: string;
  label: string;
  required?: boolean;
  description?: ReactNode;
  autoFocus?: boolean;
  rows?: number;
  /** the resource route that takes an image (multipart `file` + `_csrf`) and answers {link} or {error} */
  uploadAction: string;
  /** accepted image extensions (shown and checked before upload) */
  imageExtensions: readonly string[];
  imageMaxBytes: number;
  /** names of the no-JavaScript image inputs, and the error of the last image post */
  imageName?: string;
  imageAltName?: string;
  imageError?: string | null;
  /** messages for the browser's own checks */
  messages: { imageType: string; imageSize: string; imageRequired: string; failed: string };
}

/** the text area's word, with JavaScript, on what a press in it does */
export const EDITOR_HINT = "입력란을 누르면 서식 편집기가 열립니다.";

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Uploads one image to the resource route; answers the link or throws an Error with the message. */
function useImageUpload(action: string, failed: string) {
  const csrf = useCsrfToken();
  return useCallback(
    async (file: File): Promise<string> => {
      const body = new FormData();
      body.append("_csrf", csrf);
      body.append("file", file, file.name);
      let reply: { link?: string; error?: string } | null = null;
      try {
        const res = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
        reply = await res.json().catch(() => null);
      } catch {
        reply = null;
      }
      if (!reply?.link) throw new Error(reply?.error || failed);
      return reply.link;
    },
    [action, csrf, failed],
  );
}

export function RichTextField({
  name,
  label,
  required,
  description,
  autoFocus,
  rows = 18,
  uploadAction,
  imageExtensions,
  imageMaxBytes,
  imageName = "image",
  imageAltName = "imageAlt",
  imageError,
  messages,
}: RichTextFieldProps) {
  const { error, getInputProps } = useFieldState(name);
  const id = useFieldId(name);
  const hydrated = useHydrated();
  const upload = useImageUpload(uploadAction, messages.failed);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const inputProps = getInputProps();
  const initial = typeof inputProps.defaultValue === "string" ? inputProps.defaultValue : "";
  const [html, setHtml] = useState(initial);
  /** the editor once fetched, with the HTML it starts from */
  const [editor, setEditor] = useState<{ Enhancer: Enhancer; start: string; focus: boolean } | null>(null);
  const opening = useRef(false);

  // tiptap's schema has no tables: HTML holding one stays in the text area, so that editing it can
  // never drop the table
  const canOpen = () => hydrated && loadRichTextEnhancer !== null && !/<table[\s>]/i.test(textareaRef.current?.value ?? initial);
  /** the user starts on the field: fetch the editor and put it in the text area's place */
  const open = () => {
    if (opening.current || !loadRichTextEnhancer || !canOpen()) return;
    opening.current = true;
    loadRichTextEnhancer().then(
      (Enhancer) => {
        // what the text area holds now: typed while the editor was on its way, or an image put in
        const start = textareaRef.current?.value ?? initial;
        if (/<table[\s>]/i.test(start)) return;
        setHtml(start);
        // the focus goes into the editor only if it is still in the text area (a keyboard user
        // who has tabbed on while the editor came is not pulled back)
        setEditor({ Enhancer, start, focus: textareaRef.current !== null && document.activeElement === textareaRef.current });
      },
      () => {
        // not fetched (offline, a new build): the text area stays, and the next start tries again
        opening.current = false;
      },
    );
  };
  /** a pointer over the field: fetch the editor's chunk early, so that a press opens it at once */
  const prefetch = () => {
    if (canOpen()) loadRichTextEnhancer?.().catch(() => undefined);
  };

  // with JavaScript the text area says that it opens the editor (the HTML it shows is what it edits)
  const offersEditor = hydrated && loadRichTextEnhancer !== null && !/<table[\s>]/i.test(initial);
  const textarea = (
    <Textarea
      {...inputProps}
      ref={textareaRef}
      id={id}
      label={label}
      description={
        offersEditor ? (
          <>
            {description} {EDITOR_HINT}
          </>
        ) : (
          description
        )
      }
      withAsterisk={required}
      error={error}
      autoFocus={autoFocus}
      rows={rows}
      className="rich-text-html"
      spellCheck={false}
      onFocus={open}
      onPointerDown={open}
      onPointerEnter={prefetch}
    />
  );

  const insertRef = useRef<((src: string, alt: string) => void) | null>(null);
  const registerInsert = useCallback((fn: ((src: string, alt: string) => void) | null) => {
    insertRef.current = fn;
  }, []);

  /** an uploaded image goes in at the cursor: the editor's when it is open, else the text area's */
  const insertImage = (link: string, alt: string) => {
    if (insertRef.current) return insertRef.current(link, alt);
    const el = textareaRef.current;
    if (!el) return;
    const snippet = `<p><img src="${escapeAttr(link)}" alt="${escapeAttr(alt)}"></p>`;
    const at = el.selectionEnd ?? el.value.length;
    el.value = `${el.value.slice(0, at)}${at > 0 ? "\n" : ""}${snippet}\n${el.value.slice(at)}`;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.focus();
  };

  let field: ReactNode = textarea;
  if (editor) {
    const { Enhancer } = editor;
    const labelId = `${id}-label`;
    const errorId = `${id}-error`;
    const descriptionId = `${id}-description`;
    const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
    field = (
      <div>
        <Text component="div" id={labelId} size="sm" fw={500}>
          {label}
          {required ? (
            <Text component="span" c="red.9" aria-hidden>
              {" *"}
            </Text>
          ) : null}
        </Text>
        {description ? (
          <Text id={descriptionId} size="xs" c="dark.6" mb={4}>
            {description}
          </Text>
        ) : null}
        <input type="hidden" name={name} value={html} />
        <Enhancer
          id={id}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          autoFocus={editor.focus}
          initialHtml={editor.start}
          onChange={setHtml}
          registerInsert={registerInsert}
        />
        {error ? (
          <Text id={errorId} c="red.9" size="xs" mt={4}>
            {error}
          </Text>
        ) : null}
      </div>
    );
  }

  // the image block stays in place when the editor takes the text area's place (what it holds and
  // the focus in it are kept)
  return (
    <div>
      {field}
      <ImageBlock
        fieldId={id}
        imageName={imageName}
        imageAltName={imageAltName}
        serverError={imageError}
        extensions={imageExtensions}
        maxBytes={imageMaxBytes}
        messages={messages}
        upload={hydrated ? upload : null}
        insert={insertImage}
      />
    </div>
  );
}

/**
 * The image block of the text-area editor: a native file input, its text alternative and the
 * upload button. Without JavaScript the button posts the form (intent=image); with it the image
 * is uploaded in place and inserted where the cursor is.
 */
function ImageBlock({
  fieldId,
  imageName,
  imageAltName,
  serverError,
  extensions,
  maxBytes,
  messages,
  upload,
  insert,
}: {
  fieldId: string;
  imageName: string;
  imageAltName: string;
  serverError?: string | null;
  extensions: readonly string[];
  maxBytes: number;
  messages: RichTextFieldProps["messages"];
  upload: ((file: File) => Promise<string>) | null;
  insert: (link: string, alt: string) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = `${fieldId}-image`;
  const errorId = `${fieldId}-image-error`;
  const shown = problem ?? serverError ?? null;

  const check = (file: File | undefined): string | null => {
    if (!file) return messages.imageRequired;
    const ext = file.name.includes(".") ? file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase() : "";
    if (!extensions.includes(ext)) return messages.imageType;
    if (file.size > maxBytes) return messages.imageSize;
    return null;
  };

  return (
    <div className="rich-text-image" role="group" aria-labelledby={`${fileId}-legend`}>
      <Text id={`${fileId}-legend`} size="sm" fw={500}>
        이미지 첨부
      </Text>
      <Text size="xs" c="dark.6" mb={6}>
        {extensions.join(", ")} 파일, 최대 {Math.round(maxBytes / 1024 / 1024)}MB. 올린 이미지는 {upload ? "커서 위치" : "내용 끝"}에 들어갑니다.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div>
          <label htmlFor={fileId} className="file-label">
            이미지 파일
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            name={imageName}
            accept={extensions.map((e) => `.${e}`).join(",")}
            className="file-input"
            aria-describedby={shown ? errorId : undefined}
            onChange={(e) => {
              setStatus(null);
              setProblem(e.currentTarget.files?.length ? check(e.currentTarget.files[0]) : null);
            }}
          />
        </div>
        <TextInput ref={altRef} id={`${fieldId}-image-alt`} name={imageAltName} label="이미지 설명 (대체 텍스트)" size="sm" maxLength={200} w={240} />
        <Button
          type="submit"
          name="intent"
          value="image"
          variant="default"
          size="sm"
          formNoValidate
          loading={busy}
          onClick={async (e) => {
            if (!upload) return; // no JavaScript: the form posts
            e.preventDefault();
            const file = fileRef.current?.files?.[0];
            const bad = check(file);
            setProblem(bad);
            setStatus(null);
            if (bad || !file) return;
            setBusy(true);
            try {
              const link = await upload(file);
              insert(link, altRef.current?.value.trim() ?? "");
              if (fileRef.current) fileRef.current.value = "";
              if (altRef.current) altRef.current.value = "";
              setStatus("이미지를 넣었습니다.");
            } catch (err) {
              setProblem(err instanceof Error ? err.message : messages.failed);
            } finally {
              setBusy(false);
            }
          }}
        >
          이미지 올리기
        </Button>
      </Group>
      {shown ? (
        <Text id={errorId} c="red.9" size="xs" mt={4}>
          {shown}
        </Text>
      ) : null}
      <Text size="xs" c="teal.9" mt={4} role="status">
        {status}
      </Text>
    </div>
  );
}
