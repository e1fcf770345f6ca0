/**
 * P14 a recipient's personal link `/survey/ask/{srSeq}/{usSeq}?exp=&sig=` (spec 000 §2; issue 5):
 * no sign-in, no JavaScript. The signature covers the survey, the person and the expiry: a changed
 * one is a 404; the person answers once. See __loader.server.ts.
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
export const loader = askLoader(true);
export const action = askAction(true);

export default AskPage;
