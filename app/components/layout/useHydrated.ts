import { useEffect, useState } from "react";

/** false during the server render and the first client render, true after hydration. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
