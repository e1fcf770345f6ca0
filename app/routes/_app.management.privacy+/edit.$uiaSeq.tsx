/**
 * R11 consent form editor, existing form (spec 001 §2 /management/privacy/edit/{uiaSeq}). A load
 * error shows its message on the list (spec 001 §8 "consent detail error shows the message and
 * redirects to the list").
 */
import { Stack, Text, Title } from "~/components/ui/mantine";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsentEditorForm } from "./__editor-form";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { withUser } from "~/utils/context.server";
import type { FormReply } from "~/utils/form.server";
import tiptapStyles from "@mantine/tiptap/styles.css";
import privacyStyles from "~/styles/privacy.css";
import { editorAction, LIST_PATH, seqParam } from "./__loader.server";
import { orRedirect } from "~/utils/legacy-errors.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "동의서 수정 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: privacyStyles },
  { rel: "stylesheet", href: tiptapStyles },
];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const uiaSeq = seqParam(args.params.uiaSeq);
    // a form that is not there: back to the list with the message
    const info = await orRedirect(session, LIST_PATH, () => privacyApi.formDetail(session, uiaSeq));
    return json({
      uiaSeq,
      regDt: info.regDt,
      ver: info.ver ?? null,
      defaults: { uiaNm: info.uiaNm, uiaContent: info.uiaContent, usyn: info.usyn === "N" ? "N" : "Y" },
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withUser(args, ({ session }) => editorAction(args.request, session, seqParam(args.params.uiaSeq)));
}

export default function PrivacyEdit() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as (FormReply & { kind?: "info" | "error" }) | undefined;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          동의서 수정
        </Title>
        <Text size="sm" c="dark.6" mt={4}>
          등록일 {data.regDt}
          {data.ver ? ` · 내용 버전 ${data.ver} (이미 동의한 사람의 동의 내용은 수정해도 바뀌지 않습니다.)` : ""}
        </Text>
      </div>
      <ConsentEditorForm
        action={`/management/privacy/edit/${data.uiaSeq}`}
        defaults={data.defaults}
        reply={reply}
        uiaSeq={data.uiaSeq}
      />
    </Stack>
  );
}
