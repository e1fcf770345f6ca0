/** The menu list as a tree for the side menu, the dashboard and the common menu page. */
export interface MenuItem {
  menuSeq: number;
  upprMenuSeq?: number | null;
  menuLvl: number;
  menuTy: string;
  menuNm: string;
  menuUrl: string;
  sort?: number | null;
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

const bySort = (a: MenuItem, b: MenuItem) => (a.sort ?? 0) - (b.sort ?? 0) || a.menuSeq - b.menuSeq;

export function buildMenuTree(list: readonly MenuItem[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of [...list].sort(bySort)) nodes.set(m.menuSeq, { ...m, children: [] });
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.upprMenuSeq != null ? nodes.get(n.upprMenuSeq) : undefined;
    if (parent) parent.children.push(n);
    else if (n.menuLvl === 1 || n.upprMenuSeq == null) roots.push(n);
  }
  return roots;
}

/** The link of a menu item: its url, or the common menu page for level-2 groups without one. */
export function menuHref(m: MenuItem): string | null {
  if (m.menuUrl) return m.menuUrl;
  return null;
}

/** true when `path` is the item's page or lies under it */
export function isCurrent(m: MenuItem, path: string): boolean {
  const url = m.menuUrl?.split("?")[0];
  if (!url) return false;
  return path === url || path.startsWith(`${url}/`);
}

/** true when the item or any of its descendants is the current page */
export function containsCurrent(n: MenuNode, path: string): boolean {
  return isCurrent(n, path) || n.children.some((c) => containsCurrent(c, path));
}

/** What kind of page a menu item opens, in words (menu types of spec 000 §1). */
export const MENU_TYPE_LABEL: Record<string, string> = {
  INSERT: "자료 입력",
  API: "연동 자료",
  DATA: "자료실",
  SURVEY: "설문",
  P: "화면",
  D: "메뉴",
};
