import { ActionIcon, Badge, Group, Tooltip } from "@mantine/core";
import { PencilIcon, TrashIcon } from "../../components/list-view/icons";
import type { ChartRowActions, ChartRowData } from "./chart-row";

/** The favourite star of a chart (filled when it is one of the user's favourites). */
export function FavoriteStar({ chart, onToggle }: { chart: ChartRowData; onToggle: () => void }) {
  return (
    <ActionIcon variant="subtle" color="yellow" onClick={onToggle} aria-pressed={chart.favorite}
      aria-label={chart.favorite ? `Remove ${chart.slice_name} from favorites` : `Add ${chart.slice_name} to favorites`} data-testid={`favorite-${chart.id}`}>
      <span aria-hidden style={{ fontSize: 18 }}>{chart.favorite ? "★" : "☆"}</span>
    </ActionIcon>
  );
}

export function CertifiedBadge({ chart }: { chart: ChartRowData }) {
  if (!chart.certified_by) return null;
  const label = `Certified by ${chart.certified_by}${chart.certification_details ? `: ${chart.certification_details}` : ""}`;
  return (
    <Tooltip label={label}>
      <Badge size="xs" color="teal" variant="light" data-testid={`certified-${chart.id}`}>Certified</Badge>
    </Tooltip>
  );
}

/** Edit and delete, shown only for charts the user may change (owners and admins with can_write). */
export function RowActions({ chart, actions }: { chart: ChartRowData; actions: ChartRowActions }) {
  if (!chart.canEdit) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit properties of ${chart.slice_name}`} onClick={() => actions.onEdit(chart)} data-testid={`edit-${chart.id}`}>
        <PencilIcon />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${chart.slice_name}`} onClick={() => actions.onDelete(chart)} data-testid={`delete-${chart.id}`}>
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}
