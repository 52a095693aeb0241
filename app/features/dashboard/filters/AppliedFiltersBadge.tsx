import type { ReactNode } from "react";
import { Badge, Group, Popover, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconFilter, IconFilterOff } from "@tabler/icons-react";

// Superset's chart-header filter indicators: the filters reaching the chart (applied), those in its scope that
// cannot reach it (incompatible: another dataset, or the column is gone) and those holding a value whose scope
// leaves the chart out. Hovering one lists the filters by name.

function Indicator({ names, title, color, icon, testId }: { names: string[]; title: string; color: string; icon: ReactNode; testId: string }) {
  if (!names.length) return null;
  return (
    <Popover position="bottom-end" withinPortal shadow="md" width={260}>
      <Popover.Target>
        <Badge component="button" size="sm" variant="light" color={color} data-testid={testId} aria-label={`${names.length} ${title.toLowerCase()}`}
          style={{ flexShrink: 0, cursor: "pointer" }} leftSection={icon}>{names.length}</Badge>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-list`}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>{title}</Text>
          {names.map((n) => <Text key={n} size="xs">{n}</Text>)}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function AppliedFiltersBadge({ applied, incompatible, outOfScope }: { applied: string[]; incompatible: string[]; outOfScope: string[] }) {
  if (!applied.length && !incompatible.length && !outOfScope.length) return null;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Indicator names={applied} title="Applied filters" color="blue" icon={<IconFilter size={10} />} testId="chart-filters-badge" />
      <Indicator names={incompatible} title="Incompatible filters" color="orange" icon={<IconAlertTriangle size={10} />} testId="chart-filters-incompatible" />
      <Indicator names={outOfScope} title="Filters out of scope" color="gray" icon={<IconFilterOff size={10} />} testId="chart-filters-out-of-scope" />
    </Group>
  );
}
