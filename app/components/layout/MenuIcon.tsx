/** The icon of a menu item: chosen by menuSeq (spec 000 §2 "Menu icon depends on menuSeq"). */
import type { CSSProperties } from "react";
import {
  IconBook,
  IconBuildingHospital,
  IconChartBar,
  IconClipboardList,
  IconFileDescription,
  IconFolder,
  IconSchool,
  IconUsers,
  IconUserStar,
  IconReportAnalytics,
  IconListCheck,
  IconCertificate,
} from "@tabler/icons-react";

const ICONS = [IconSchool, IconUserStar, IconClipboardList, IconBook, IconCertificate, IconFolder, IconChartBar, IconReportAnalytics, IconBuildingHospital, IconUsers, IconFileDescription, IconListCheck];

/** Known groups get their own icon; any other menu gets one from the set by its number. */
const BY_MENU: Record<number, (typeof ICONS)[number]> = {
  10: IconSchool,
  20: IconUserStar,
  30: IconClipboardList,
  40: IconBook,
  50: IconCertificate,
  60: IconFolder,
  70: IconChartBar,
  80: IconReportAnalytics,
  85: IconBuildingHospital,
};

export function MenuIcon({ menuSeq, size = 40 }: { menuSeq: number; size?: number }) {
  const Icon = BY_MENU[menuSeq] ?? ICONS[menuSeq % ICONS.length];
  return (
    <span className="menu-icon" style={{ "--menu-icon-size": `${size}px` } as CSSProperties} aria-hidden>
      <Icon size={size * 0.6} />
    </span>
  );
}
