/**
 * The side menu (spec 000 §2): a level-1 item of type P is a link; other level-1 items are
 * disclosure groups (<details>, open when they hold the current page) whose level-2 items are
 * links; the level-3 items of the current level-2 group are listed under it. The current page
 * is marked with aria-current. Works without JavaScript; with it the links navigate in the page and
 * a pointed-at or focused item's page is fetched ahead (Remix's Link, prefetch="intent").
 */
import { Link } from "@remix-run/react";
import { containsCurrent, isCurrent, type MenuNode } from "./menuTree";

function ItemLink({ node, path, level }: { node: MenuNode; path: string; level: number }) {
  const current = node.menuUrl && path === node.menuUrl.split("?")[0];
  const within = !current && isCurrent(node, path);
  if (!node.menuUrl) {
    return (
      <span className={`side-link side-link-${level} side-link-disabled`} title="준비중인 메뉴입니다.">
        {node.menuNm}
      </span>
    );
  }
  return (
    <Link to={node.menuUrl} prefetch="intent" className={`side-link side-link-${level}${current || within ? " side-link-active" : ""}`} aria-current={current ? "page" : within ? "location" : undefined}>
      {node.menuNm}
    </Link>
  );
}

export function SideMenu({ menus, path }: { menus: MenuNode[]; path: string }) {
  return (
    <>
      <ul className="side-menu">
        {menus.map((top) =>
          top.menuTy === "P" ? (
            <li key={top.menuSeq}>
              <ItemLink node={top} path={path} level={1} />
            </li>
          ) : (
            <li key={top.menuSeq}>
              <details className="side-group" open={containsCurrent(top, path) || undefined}>
                <summary className="side-link side-link-1">{top.menuNm}</summary>
                <ul>
                  {top.children.map((second) => (
                    <li key={second.menuSeq}>
                      <ItemLink node={second} path={path} level={2} />
                      {second.children.length > 0 && containsCurrent(second, path) ? (
                        <ul>
                          {second.children.map((third) => (
                            <li key={third.menuSeq}>
                              <ItemLink node={third} path={path} level={3} />
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )
        )}
      </ul>
    </>
  );
}
