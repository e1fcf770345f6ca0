/**
 * R11 consent form editor, new form (spec 001 §2 /management/privacy/add). The content starts
 * from the template with the four notices Korean privacy law asks for (AGREE_TEMPLATE_HTML).
 */
import { Stack, Title } from "~/components/ui/mantine";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsentEditorForm } from "./__editor-form";
import { AGREE_TEMPLATE_HTML } from "~/schemas/privacy";
import { withUser } from "~/utils/context.server";
import type { FormReply } from "~/utils/form.server";
import tiptapStyles from "@mantine/tiptap/styles.css";
import privacyStyles from "~/styles/privacy.css";
import { editorAction } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "동의서 등록 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: privacyStyles },
  { rel: "stylesheet", href: tiptapStyles },
];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async () => json({ defaults: { uiaNm: "", uiaContent: AGREE_TEMPLATE_HTML, usyn: "Y" } }));
}

export async function action(args: ActionFunctionArgs) {
  return withUser(args, ({ session }) => editorAction(args.request, session, undefined));
}

export default function PrivacyAdd() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as (FormReply & { kind?: "info" | "error" }) | undefined;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        동의서 등록
      </Title>
      <ConsentEditorForm action="/management/privacy/add" defaults={data.defaults} reply={reply} />
    </Stack>
  );
}
