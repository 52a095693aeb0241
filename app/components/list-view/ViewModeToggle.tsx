import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "../../i18n/react";

/** Card / table view switch of a list page (the mode lives in the address, see useListUrlState). */
export function ViewModeToggle({ views, value, onChange }: { views: string[]; value: string; onChange: (view: string) => void }) {
  const { t } = useTranslation();
  if (views.length < 2) return null;
  const labels: Record<string, string> = { card: t("Cards"), table: t("Table") };
  return <SegmentedControl size="xs" value={value} onChange={onChange} data={views.map((v) => ({ value: v, label: labels[v] ?? v }))} data-testid="view-mode" />;
}
