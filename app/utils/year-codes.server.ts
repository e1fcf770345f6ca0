/**
 * The code lists of the year a dialog's form posts (E06 health and medical law, R07 seminars): a
 * dialog whose choices depend on its year gets them again with every reply that re-renders it (so
 * that without JavaScript nothing typed is lost and the choices are the posted year's), and with
 * JavaScript asks for another year's through a fetcher (`intent=codes`).
 */
import { json } from "@remix-run/node";
import type { UserContext } from "./context.server";
import { orMessage } from "./list-loader.server";

export function yearCodes<C>(load: (ctx: UserContext, year: number) => Promise<C>) {
  /** The codes of the posted year (null when it is not a year or the call fails). */
  const posted = async (ctx: UserContext, form: FormData): Promise<C | null> => {
    const year = String(form.get("year") ?? "").trim();
    return /^[0-9]{4}$/.test(year) ? (await orMessage(() => load(ctx, Number(year)))).value : null;
  };
  return {
    posted,
    /** A reply that re-renders the dialog, with the codes of the posted year added. */
    withCodes: async (ctx: UserContext, res: Response, form: FormData): Promise<Response> => {
      const body = (await res.json()) as Record<string, unknown>;
      return json({ ...body, codes: await posted(ctx, form) }, { status: res.status });
    },
    /** The `codes` intent: the posted year's codes (400 when there are none to give). */
    intent: async (ctx: UserContext, form: FormData): Promise<Response> => {
      const codes = await posted(ctx, form);
      return json({ codes }, { status: codes ? 200 : 400 });
    },
  };
}
