/**
 * The fields' state under a server-validated form (ServerValidatedForm.tsx, ADR 0047): the
 * messages of the action's reply under their fields, the reply's values (or the form's defaults)
 * in them, and a message gone once its field is edited, the others kept. Rendered with the real
 * fields, as the server writes them.
 */
import { MantineProvider } from "@mantine/core";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useFieldState, type MinimalInputProps } from "~/components/form/field-state";
import { CheckboxField, PhoneField, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/PasswordField";
import { ReplyErrors, ReplyFieldState, replyForForm } from "~/components/form/ServerValidatedForm";
import { theme } from "~/theme";

const render = (errors: ReplyErrors, defaults: Record<string, unknown>, children: ReactNode) =>
  renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false }, h(ReplyFieldState, { errors, defaults, children })))
    .replace(/<style[^>]*>.*?<\/style>/gs, "");

/** the input element whose id is given, as written */
const input = (html: string, id: string) => html.match(new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`))?.[0] ?? "";

/** what a field's input receives from the form (its onChange is what the input calls when edited) */
let captured: Record<string, MinimalInputProps> = {};
function Probe({ name }: { name: string }) {
  captured[name] = useFieldState(name).getInputProps({});
  return null;
}

const reply = {
  fieldErrors: { userId: "아이디를 입력하세요.", userPass: "비밀번호를 입력하세요.", telNo2: "연락처를 입력하세요." },
  repopulateFields: { userId: "", userNm: "홍길동", telNo1: "011", telNo2: "", autoLogin: "on" },
  formId: "login",
};

const form = () => [
  h(TextField, { key: "id", name: "userId", label: "아이디" }),
  h(TextField, { key: "nm", name: "userNm", label: "이름" }),
  h(PasswordField, { key: "pw", name: "userPass", label: "비밀번호" }),
  h(PhoneField, { key: "tel", prefixes: ["010", "011"] }),
  h(CheckboxField, { key: "auto", name: "autoLogin", label: "로그인 상태 유지" }),
  h(Probe, { key: "p1", name: "userId" }),
  h(Probe, { key: "p2", name: "userNm" }),
];

describe("a server-validated form's fields", () => {
  it("show each message of the reply under its field, marked invalid, with the typed values", () => {
    const html = render(new ReplyErrors(reply.fieldErrors), reply.repopulateFields, form());
    expect(html).toContain("아이디를 입력하세요.");
    expect(html).toContain("비밀번호를 입력하세요.");
    expect(html).toContain("연락처를 입력하세요.");
    const id = input(html, "form-userId");
    expect(id).toContain('aria-invalid="true"');
    const describedBy = id.match(/aria-describedby="([^"]+)"/)?.[1] ?? "";
    expect(html).toMatch(new RegExp(`id="${describedBy.split(" ").find((d) => d.endsWith("error"))}"[^>]*>아이디를 입력하세요.<`));
    expect(input(html, "form-userNm")).toContain('value="홍길동"');
    expect(input(html, "form-userNm")).toContain('aria-invalid="false"');
    expect(html).toMatch(/<option value="011" selected="">/);
    expect(input(html, "form-autoLogin")).toContain('checked=""');
  });

  it("drop a field's message as soon as that field is edited, and keep the others", () => {
    captured = {};
    const errors = new ReplyErrors(reply.fieldErrors);
    render(errors, reply.repopulateFields, form());
    captured.userNm.onChange?.({});
    expect(render(errors, reply.repopulateFields, form())).toContain("아이디를 입력하세요.");
    captured.userId.onChange?.({});
    const html = render(errors, reply.repopulateFields, form());
    expect(html).not.toContain("아이디를 입력하세요.");
    expect(input(html, "form-userId")).toContain('aria-invalid="false"');
    expect(html).toContain("비밀번호를 입력하세요.");
    expect(input(html, "form-userPass")).toContain('aria-describedby="form-userPass-error"');
  });

  it("keep the input's own onChange", () => {
    const seen: string[] = [];
    function Own() {
      const props = useFieldState("userId").getInputProps({ onChange: () => seen.push("own") });
      captured.own = props;
      return null;
    }
    const errors = new ReplyErrors(reply.fieldErrors);
    render(errors, {}, h(Own));
    captured.own.onChange?.({});
    expect(seen).toEqual(["own"]);
    expect(errors.get()).not.toHaveProperty("userId");
    expect(captured.own.name).toBe("userId");
  });

  it("take the form's defaults without a reply", () => {
    const html = render(new ReplyErrors(), { telNo1: "011", userNm: "김기본" }, form());
    expect(html).not.toContain("입력하세요.");
    expect(input(html, "form-userNm")).toContain('value="김기본"');
    expect(input(html, "form-autoLogin")).not.toContain("checked");
  });
});

describe("replyForForm", () => {
  it("answers the reply for the form it names, and none for another form or a reply without marks", () => {
    expect(replyForForm(reply, "login")).toBe(reply);
    expect(replyForForm(reply, "signup")).toBeNull();
    expect(replyForForm({ ok: true }, "login")).toBeNull();
    expect(replyForForm(undefined, "login")).toBeNull();
    const anonymous = { fieldErrors: {}, repopulateFields: {} };
    expect(replyForForm(anonymous, "login")).toBe(anonymous);
  });
});
