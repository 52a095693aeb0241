import { SegmentedControl } from "@mantine/core";

const LABELS: Record<string, string> = { card: "Cards", table: "Table" };

/** Card / table view switch of a list page (the mode lives in the address, see useListUrlState). */
export function ViewModeToggle({ views, value, onChange }: { views: string[]; value: string; onChange: (view: string) => void }) {
  if (views.length < 2) return null;
  return <SegmentedControl size="xs" value={value} onChange={onChange} data={views.map((v) => ({ value: v, label: LABELS[v] ?? v }))} data-testid="view-mode" />;
}
