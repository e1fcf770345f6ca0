/**
 * A photo: the current one (through the image resource route) and a file input for png or jpg
 * ('jpg, png 확장자만 등록할 수 있습니다.', checked on choice with JavaScript and always on the
 * server by extension and signature). The form must post as multipart/form-data.
 */
import { Stack, Text, Box } from "~/components/ui/mantine";
import { useState } from "react";
import { FILES } from "~/calls/file";
import { MSG } from "~/schemas/messages.ko";
import { useFieldId } from "./field-state";

export const PHOTO_EXTENSIONS = ["png", "jpg"] as const;

/** The URL of a stored photo, through the resource route that refuses path traversal. */
export const photoUrl = (filePath: string | null | undefined) => (filePath ? `${FILES.imgView.path}?filePath=${encodeURIComponent(filePath)}` : null);

export function PhotoField({ name = "imgFile", label = "사진", current, alt, error }: { name?: string; label?: string; current?: string | null; alt: string; error?: string | null }) {
  const id = useFieldId(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? photoUrl(current);
  const message = problem ?? error ?? null;
  return (
    <Stack gap={4}>
      <Box w={120} h={150} className="photo-box">
        {shown ? (
          <img src={shown} alt={alt} width={120} height={150} className="photo-img" />
        ) : (
          <Text size="sm" ta="center" pt={60}>
            사진 없음
          </Text>
        )}
      </Box>
      <label htmlFor={id} className="file-label">
        {label} (jpg, png)
      </label>
      <input
        id={id}
        className="file-input"
        type="file"
        name={name}
        accept=".png,.jpg,image/png,image/jpeg"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (!f) {
            setProblem(null);
            setPreview(null);
            return;
          }
          const ext = f.name.slice(f.name.lastIndexOf(".") + 1).toLowerCase();
          if (!(PHOTO_EXTENSIONS as readonly string[]).includes(ext)) {
            setProblem(MSG.photoExtension);
            e.currentTarget.value = "";
            setPreview(null);
            return;
          }
          setProblem(null);
          setPreview(URL.createObjectURL(f));
        }}
      />
      {message ? (
        <Text id={`${id}-error`} role="alert" c="red.9" size="xs">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
