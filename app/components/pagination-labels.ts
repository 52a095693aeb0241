import { useTranslation } from "../i18n/react";

type Control = "first" | "previous" | "last" | "next";

/**
 * Mantine's Pagination draws its arrow buttons with an icon and no text: these give each one its name, for screen
 * readers and for axe's button-name rule. Spread on every Pagination: `<Pagination {...usePaginationLabels()} />`.
 */
export function usePaginationLabels(): { getControlProps: (control: Control) => Record<string, string> } {
  const { t } = useTranslation();
  const labels: Record<Control, string> = { first: t("First page"), previous: t("Previous page"), next: t("Next page"), last: t("Last page") };
  return { getControlProps: (control) => ({ "aria-label": labels[control] }) };
}
