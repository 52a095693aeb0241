import { Anchor, Group } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { ListSort } from "../../../core/lists/list-url-state";
import { ListTable } from "../../components/list-view/ListTable";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { CertifiedBadge, FavoriteStar, RowActions, StatusBadge } from "./DashboardBits";
import { TagBadges } from "../../features/tags/TagBadges";
import { ownerNames, type DashboardRowActions, type DashboardRowData } from "./dashboard-row";

/** The table view, with Superset's DashboardList columns; title, status, modified by and last modified sort. */
export function DashboardTable({ dashboards, sort, onSort, selection, actions }: {
  dashboards: DashboardRowData[];
  sort: ListSort;
  onSort: (column: string) => void;
  selection: BulkSelection;
  actions: DashboardRowActions;
}) {
  const { t } = useTranslation();
  return (
    <ListTable testId="dashboard-table" rows={dashboards} rowTestId={() => "dashboard-row"} rowAttrs={(d) => ({ "data-dashboard-title": d.title })}
      sort={sort} onSort={onSort} selection={selection} canSelect={(d) => d.canEdit} rowLabel={(d) => d.title}
      columns={[
        { key: "favorite", header: "", width: 40, cell: (d) => <FavoriteStar dashboard={d} onToggle={() => actions.onFavorite(d)} /> },
        {
          key: "title", header: t("Title"), sortColumn: "dashboard_title",
          cell: (d) => (
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={d.url}>{d.title}</Anchor>
              <CertifiedBadge dashboard={d} />
            </Group>
          ),
        },
        { key: "status", header: t("Status"), sortColumn: "published", cell: (d) => <StatusBadge dashboard={d} /> },
        { key: "changed_by", header: t("Modified by"), sortColumn: "changed_by.first_name", cell: (d) => d.changed_by_name || "—" },
        { key: "owners", header: t("Owners"), cell: (d) => (d.owners.length ? ownerNames(d) : "—") },
        { key: "tags", header: t("Tags"), cell: (d) => <TagBadges tags={d.tags} /> },
        { key: "changed_on", header: t("Last modified"), sortColumn: "changed_on_delta_humanized", nowrap: true, cell: (d) => d.changed_on_delta_humanized },
        { key: "actions", header: t("Actions"), cell: (d) => <RowActions dashboard={d} actions={actions} /> },
      ]} />
  );
}
