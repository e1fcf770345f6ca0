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

/** A node of the tree: what the side menu, the dashboard and the menu page read, no more (the tree is in every page's data). */
export interface MenuNode extends Pick<MenuItem, "menuSeq" | "menuLvl" | "menuTy" | "menuNm" | "menuUrl"> {
  children: MenuNode[];
}

const bySort = (a: MenuItem, b: MenuItem) => (a.sort ?? 0) - (b.sort ?? 0) || a.menuSeq - b.menuSeq;

export function buildMenuTree(list: readonly MenuItem[]): MenuNode[] {
  const items = new Map<number, MenuItem>();
  for (const m of [...list].sort(bySort)) items.set(m.menuSeq, m);
  const nodes = new Map<number, MenuNode>();
  for (const m of items.values()) nodes.set(m.menuSeq, { menuSeq: m.menuSeq, menuLvl: m.menuLvl, menuTy: m.menuTy, menuNm: m.menuNm, menuUrl: m.menuUrl, children: [] });
  const roots: MenuNode[] = [];
  for (const m of items.values()) {
    const n = nodes.get(m.menuSeq)!;
    const parent = m.upprMenuSeq != null ? nodes.get(m.upprMenuSeq) : undefined;
    if (parent) parent.children.push(n);
    else if (m.menuLvl === 1 || m.upprMenuSeq == null) roots.push(n);
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
