/**
 * The request's CSP nonce (utils/csp.server.ts) for the scripts root.tsx renders. Set by
 * entry.server.tsx on the server only: in the browser it is undefined, and the scripts it marked
 * are already in the page (a browser hides a nonce attribute from scripts anyway).
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
