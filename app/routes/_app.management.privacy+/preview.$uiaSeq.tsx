/**
 * R13 consent preview (spec 001 §2 /management/privacy/preview/{uiaSeq}): the form rendered by
 * the very component of the public page (ConsentView, ConsentChoice), from the same sanitised
 * HTML, in a phone-sized frame; the choice is shown but cannot be submitted. Like every route,
 * its code is a chunk of its own that the browser loads only when the preview is opened.
 */
import { Button, Stack, Text } from "~/components/ui/mantine";
import { PageHeading } from "~/components/layout/PageHeading";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConsentChoice, ConsentView } from "~/components/privacy/ConsentView";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { withUser } from "~/utils/context.server";
import privacyStyles from "~/styles/privacy.css";
import { LIST_PATH } from "~/schemas/privacy";
import { sanitizeConsentHtml } from "~/utils/sanitize.server";
import { seqParam } from "./__loader.server";
import { orRedirect } from "~/utils/legacy-errors.server";

export const meta: MetaFunction = () => [{ title: "동의서 미리보기 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const uiaSeq = seqParam(args.params.uiaSeq);
    // a form that is not there: back to the list with the message
    const info = await orRedirect(session, LIST_PATH, () => privacyApi.formDetail(session, uiaSeq));
    return json({ uiaSeq, uiaNm: info.uiaNm, html: sanitizeConsentHtml(info.uiaContent), usyn: info.usyn, ver: info.ver ?? null });
  });
}

export default function PrivacyPreview() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <PageHeading
        title="동의서 미리보기"
        sub={
          <Text size="sm" c="dark.6" mt={4}>
            받는 사람의 휴대전화에 보이는 화면입니다. 미리보기에서는 제출할 수 없습니다.
            {data.usyn === "N" ? " 이 동의서는 미사용 상태라 발송할 수 없습니다." : ""}
          </Text>
        }
        actions={
          <>
            <Button component={Link} to={`${LIST_PATH}/edit/${data.uiaSeq}`} variant="default">
              수정
            </Button>
            <Button component={Link} to={LIST_PATH} variant="default">
              목록
            </Button>
          </>
        }
      />
      <section className="phone-frame" aria-label="휴대전화 화면 미리보기" data-testid="preview-frame">
        <ConsentView title={data.uiaNm} html={data.html} headingLevel={2}>
          <form aria-label="동의 여부 (미리보기)" onSubmit={(e) => e.preventDefault()}>
            <ConsentChoice ver={data.ver} disabled />
          </form>
        </ConsentView>
      </section>
    </Stack>
  );
}
