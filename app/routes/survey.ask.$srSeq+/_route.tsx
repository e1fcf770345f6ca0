/**
 * P14 the public answer link `/survey/ask/{srSeq}` (spec 000 §2; issue 5): no sign-in, no
 * JavaScript (`handle = { scripts: false }`). Anyone with the link may answer; every sheet is a
 * new answer (the same form cannot be submitted twice). See __loader.server.ts.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import surveyStyles from "~/styles/survey.css";
import type { RouteHandle } from "~/root";
import { retryAfterHeaders } from "~/utils/rate-limit.server";
import { askAction, askLoader } from "./__loader.server";
import { AskPage, askMeta } from "./__page";

export const handle: RouteHandle = { scripts: false };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];
export const meta: MetaFunction<typeof loader> = askMeta;
export const headers = retryAfterHeaders;
export const loader = askLoader(false);
export const action = askAction(false);

export default AskPage;
