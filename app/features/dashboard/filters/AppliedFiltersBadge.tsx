import { Badge, Tooltip } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";

/** Superset's chart-header indicator: how many filters reach the chart, and how many in scope cannot (other dataset). */
export function AppliedFiltersBadge({ applied, incompatible }: { applied: number; incompatible: number }) {
  if (!applied && !incompatible) return null;
  const text = [applied ? `${applied} applied filter${applied > 1 ? "s" : ""}` : "", incompatible ? `${incompatible} incompatible (another dataset)` : ""].filter(Boolean).join(", ");
  return (
    <Tooltip label={text}>
      <Badge size="sm" variant="light" color={applied ? "blue" : "gray"} data-testid="chart-filters-badge" style={{ flexShrink: 0 }} leftSection={<IconFilter size={10} />}>{applied}</Badge>
    </Tooltip>
  );
}
