/**
 * P06 the preview dialog (`?dialog=preview&seq=`; spec 000 §2: image, video, pdf and audio): the
 * file in an <img>, <video>, <audio> or an <iframe> of the pdf (Chromium's viewer) with a link that
 * opens it whole, all through the preview resource routes; any other type says
 * '미리보기를 지원하지 않는 파일 형식입니다. (미리보기 지원 파일: 이미지, pdf)'. Works without JavaScript.
 */
import { Anchor, Stack } from "~/components/ui/mantine";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { previewHref, previewKind, type WireDataFile } from "./__schema";
import { MSG } from "~/schemas/messages.ko";

export function FilePreview({ file, closeTo }: { file: WireDataFile; closeTo: string }) {
  const kind = previewKind(file.fnen);
  const src = kind ? previewHref(kind, file) : "";
  return (
    <Dialog id="data-preview-dialog" title={`미리보기: ${file.orn}`} closeTo={closeTo} size="xl">
      {kind ? (
        <Stack gap="sm" data-testid="preview" data-kind={kind}>
          {kind === "image" ? <img src={src} alt={file.orn} style={{ maxWidth: "100%", height: "auto" }} /> : null}
          {kind === "pdf" ? <iframe src={src} title={`${file.orn} 미리보기`} style={{ width: "100%", height: "70vh", border: 0 }} /> : null}
          {kind === "video" ? <video src={src} controls style={{ maxWidth: "100%" }} aria-label={file.orn} /> : null}
          {kind === "audio" ? <audio src={src} controls aria-label={file.orn} /> : null}
          <Anchor href={src} target="_blank" rel="noopener" size="sm" style={{ display: "inline-block", minHeight: 24, lineHeight: "24px" }}>
            새 창에서 열기: {file.orn}
          </Anchor>
        </Stack>
      ) : (
        <AlertRegion message={MSG.previewUnsupported} />
      )}
    </Dialog>
  );
}
