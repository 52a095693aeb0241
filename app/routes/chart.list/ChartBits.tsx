import { ActionIcon, Badge, Group, Tooltip } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import { PencilIcon, TrashIcon } from "../../components/list-view/icons";
import type { ChartRowActions, ChartRowData } from "./chart-row";

/** The favourite star of a chart (filled when it is one of the user's favourites). */
export function FavoriteStar({ chart, onToggle }: { chart: ChartRowData; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="yellow" onClick={onToggle} aria-pressed={chart.favorite}
      aria-label={chart.favorite ? t("Remove {{name}} from favorites", { name: chart.slice_name }) : t("Add {{name}} to favorites", { name: chart.slice_name })} data-testid={`favorite-${chart.id}`}>
      <span aria-hidden style={{ fontSize: 18 }}>{chart.favorite ? "★" : "☆"}</span>
    </ActionIcon>
  );
}

export function CertifiedBadge({ chart }: { chart: ChartRowData }) {
  const { t } = useTranslation();
  if (!chart.certified_by) return null;
  const by = t("Certified by {{name}}", { name: chart.certified_by });
  const label = chart.certification_details ? `${by}: ${chart.certification_details}` : by;
  return (
    <Tooltip label={label}>
      <Badge size="xs" color="teal" variant="light" data-testid={`certified-${chart.id}`}>{t("Certified")}</Badge>
    </Tooltip>
  );
}

/** Edit and delete, shown only for charts the user may change (owners and admins with can_write). */
export function RowActions({ chart, actions }: { chart: ChartRowData; actions: ChartRowActions }) {
  const { t } = useTranslation();
  if (!chart.canEdit) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t("Edit properties of {{name}}", { name: chart.slice_name })} onClick={() => actions.onEdit(chart)} data-testid={`edit-${chart.id}`}>
        <PencilIcon />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t("Delete {{name}}", { name: chart.slice_name })} onClick={() => actions.onDelete(chart)} data-testid={`delete-${chart.id}`}>
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}
