/**
 * P11 survey create / edit (spec 000 §2 /survey/registration?seq=&comm=Y, §4, §5, §7
 * getSurveyInfo.do / insertSurveyInfo.do, §9).
 *
 * One native form (the folder's __editor.tsx). The action takes:
 * - intent=save: the rules of spec 000 §5 in their order; a failure re-renders the form with every
 *   value kept, the first message in '알림' and every failing field marked; success flashes
 *   '저장 되었습니다.' and goes to the list, or back to the previous page with comm=Y;
 * - an operation intent (add, remove, up, down, retype, addItem, removeItem, addLecture,
 *   removeLecture): re-renders the form changed ('맨 처음입니다.' / '맨 마지막입니다.' at the ends);
 * - intent=delete, from the URL-state confirmation (`?seq=&dialog=delete`): soft deletion (mode D).
 */
import { Anchor, Button, Group, Stack, Text, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { CsrfField, useFormReply } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import { SurveyEditor } from "./__editor";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { applyOp, fieldErrorsOf, newEditorState, parseOp, readEditorForm, stateToWire, validateSurvey, wireToState, type EditorState } from "~/schemas/survey";
import surveyStyles from "~/styles/survey.css";
import { readForm, safeRedirectTo, withUser } from "~/utils/context.server";
import { orLegacy, orRedirect } from "~/utils/legacy-errors.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.seq ? "설문 수정" : "설문 등록"} | 의과대학 교육평가 자료관리` }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

const PATH = "/survey/registration";
const LIST_PATH = "/survey";

/** Where comm=Y returns to: a same-site path given in the query, else the page that linked here. */
function returnToOf(request: Request): string | null {
  const url = new URL(request.url);
  if (url.searchParams.get("comm") !== "Y") return null;
  const given = safeRedirectTo(url.searchParams.get("returnTo"), "");
  if (given) return given;
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const r = new URL(referer);
    if (r.origin !== url.origin || r.pathname === PATH) return null;
    return safeRedirectTo(r.pathname + r.search, "") || null;
  } catch {
    return null;
  }
}

const seqOf = (v: string | null | FormDataEntryValue) => (typeof v === "string" && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : null);

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const seq = seqOf(url.searchParams.get("seq"));
    let state: EditorState = newEditorState();
    let srName = "";
    if (seq) {
      // a survey that is not there: back to the list with the message
      const info = await orRedirect(session, LIST_PATH, () => surveyApi.surveyInfo(session, seq));
      state = wireToState(info);
      srName = info.srName;
    }
    return json({ seq, srName, state, returnTo: returnToOf(args.request), confirmDelete: Boolean(seq) && url.searchParams.get("dialog") === "delete" });
  });
}

export interface EditorReply {
  state: EditorState;
  fieldErrors: Record<string, string>;
  alert: string | null;
  alertKind: "info" | "error";
  focus: string | null;
  returnTo: string | null;
  /** a new value per reply: the editor starts again from the reply's state */
  nonce: string;
}

function reply(state: EditorState, returnTo: string | null, extra: Partial<EditorReply>, status = 200) {
  const body: EditorReply = { state, fieldErrors: {}, alert: null, alertKind: "error", focus: null, returnTo, nonce: `${Date.now()}-${Math.random()}`, ...extra };
  return json(body, { status });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session, user }) => {
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "save");
    const returnTo = safeRedirectTo(form.get("returnTo"), "") || null;

    if (intent === "delete") {
      const seq = seqOf(form.get("seq"));
      if (!seq) {
        session.flash(OWN_MSG.badRequest, "error");
        return redirect(LIST_PATH);
      }
      // a refused delete goes back to the survey with the message
      await orRedirect(session, `${PATH}?seq=${seq}`, () => surveyApi.deleteSurvey(session, seq, user.authTy));
      session.flash(MSG.deleted, "info");
      return redirect(returnTo ?? LIST_PATH);
    }

    const state = readEditorForm(form.entries());
    if (intent === "save") {
      const issues = validateSurvey(state);
      if (issues.length) return reply(state, returnTo, { fieldErrors: fieldErrorsOf(issues), alert: issues[0].message, focus: issues[0].path }, 422);
      // the editor's own reply keeps the survey as typed
      return orLegacy(async () => {
        await surveyApi.saveSurvey(session, stateToWire(state), user.authTy);
        session.flash(MSG.saved, "info");
        return redirect(returnTo ?? LIST_PATH);
      }, (alert) => reply(state, returnTo, { alert }, 400));
    }

    const op = parseOp(intent);
    if (!op) return reply(state, returnTo, { alert: OWN_MSG.badRequest }, 400);
    const r = applyOp(state, op);
    return reply(r.state, returnTo, { alert: r.notice ?? null, alertKind: "info", focus: r.focus ?? null });
  });
}

export default function SurveyRegistration() {
  const data = useLoaderData<typeof loader>();
  const replyData = useFormReply() as EditorReply | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  const query = params.toString();
  const self = `${PATH}${query ? `?${query}` : ""}`;
  const returnTo = replyData?.returnTo ?? data.returnTo;
  const deleteParams = new URLSearchParams(params);
  deleteParams.set("dialog", "delete");

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {data.seq ? "설문 수정" : "설문 등록"}
        </Title>
        {data.seq ? (
          <Group gap="sm">
            <Anchor component={Link} to={`/survey/send/list/${data.seq}`}>
              발송 관리
            </Anchor>
            <Anchor component={Link} to={`/survey/result/${data.seq}`}>
              결과 보기
            </Anchor>
          </Group>
        ) : null}
      </Group>
      {!replyData && flash ? <AlertRegion message={flash.text} kind={flash.kind} /> : null}
      {data.confirmDelete ? (
        <Dialog id="delete-dialog" title="설문 삭제" closeTo={self}>
          <Form method="post" action={self}>
            <CsrfField />
            <input type="hidden" name="seq" value={data.seq ?? ""} />
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            <Text mb="md">
              「{data.srName}」 {MSG.surveyConfirmDelete}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={self} variant="default">
                취소
              </Button>
              <Button type="submit" name="intent" value="delete" color="red">
                삭제
              </Button>
            </Group>
          </Form>
        </Dialog>
      ) : null}
      <SurveyEditor
        key={replyData?.nonce ?? "loaded"}
        initial={replyData?.state ?? data.state}
        fieldErrors={replyData?.fieldErrors}
        alert={replyData?.alert ?? null}
        alertKind={replyData?.alertKind}
        focus={replyData?.focus ?? null}
        action={self}
        returnTo={returnTo}
        listHref={LIST_PATH}
        deleteHref={data.seq ? `${PATH}?${deleteParams}` : null}
      />
    </Stack>
  );
}
