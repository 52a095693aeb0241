import { ActionIcon, Badge, Group, Tooltip } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import { PencilIcon, TrashIcon } from "../../components/list-view/icons";
import { ExportButton } from "../../features/bundles/ImportBundleButton";
import type { DashboardRowActions, DashboardRowData } from "./dashboard-row";

/** The favourite star of a dashboard (filled when it is one of the user's favourites). */
export function FavoriteStar({ dashboard, onToggle }: { dashboard: DashboardRowData; onToggle: () => void }) {
  const { t } = useTranslation();
  const d = dashboard;
  return (
    <ActionIcon variant="subtle" color="yellow" onClick={onToggle} aria-pressed={d.favorite}
      aria-label={d.favorite ? t("Remove {{name}} from favorites", { name: d.title }) : t("Add {{name}} to favorites", { name: d.title })} data-testid={`favorite-${d.id}`}>
      <span aria-hidden style={{ fontSize: 18 }}>{d.favorite ? "★" : "☆"}</span>
    </ActionIcon>
  );
}

export function CertifiedBadge({ dashboard: d }: { dashboard: DashboardRowData }) {
  const { t } = useTranslation();
  if (!d.certified_by) return null;
  const by = t("Certified by {{name}}", { name: d.certified_by });
  const label = d.certification_details ? `${by}: ${d.certification_details}` : by;
  return (
    <Tooltip label={label}>
      <Badge size="xs" color="teal" variant="light" data-testid={`certified-${d.id}`}>{t("Certified")}</Badge>
    </Tooltip>
  );
}

/**
 * Mantine's badge ellipsizes its label and so asks nothing of the column's width: beside a long title the table
 * squeezed it to "PUBLISH…". At least its own width, it keeps the whole word and the column makes room.
 */
export function StatusBadge({ dashboard: d }: { dashboard: DashboardRowData }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={d.published ? "teal" : "gray"} style={{ minWidth: "max-content" }} data-testid={`status-${d.id}`}>
      {d.published ? t("Published") : t("Draft")}
    </Badge>
  );
}

/** Export for everyone who sees the row; edit properties and delete only for owners and admins with can_write. */
export function RowActions({ dashboard: d, actions }: { dashboard: DashboardRowData; actions: DashboardRowActions }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ExportButton resource="dashboard" id={d.id} name={d.title} />
      {d.canEdit && (
        <>
          <ActionIcon variant="subtle" aria-label={t("Edit properties of {{name}}", { name: d.title })} onClick={() => actions.onEdit(d)} data-testid={`edit-${d.id}`}>
            <PencilIcon />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t("Delete {{name}}", { name: d.title })} onClick={() => actions.onDelete(d)} data-testid={`delete-${d.id}`}>
            <TrashIcon />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
