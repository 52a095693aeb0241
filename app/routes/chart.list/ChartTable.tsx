import { Anchor, Group } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { ListSort } from "../../../core/lists/list-url-state";
import { ListTable } from "../../components/list-view/ListTable";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { CertifiedBadge, FavoriteStar, RowActions } from "./ChartBits";
import { ExportButton } from "../../features/bundles/ImportBundleButton";
import { ownerNames, vizName, type ChartRowActions, type ChartRowData } from "./chart-row";

import { TagBadges } from "../../features/tags/TagBadges";
/** The table view, with Superset's ChartList columns; name, type, dataset, modified by and last modified sort. */
export function ChartTable({ charts, sort, onSort, selection, actions }: {
  charts: ChartRowData[];
  sort: ListSort;
  onSort: (column: string) => void;
  selection: BulkSelection;
  actions: ChartRowActions;
}) {
  const { t } = useTranslation();
  return (
    <ListTable testId="chart-table" rows={charts} rowTestId={() => "chart-row"} rowAttrs={(c) => ({ "data-chart-name": c.slice_name })}
      sort={sort} onSort={onSort} selection={selection} canSelect={(c) => c.canEdit} rowLabel={(c) => c.slice_name}
      columns={[
        { key: "favorite", header: "", width: 40, cell: (c) => <FavoriteStar chart={c} onToggle={() => actions.onFavorite(c)} /> },
        {
          key: "name", header: t("Name"), sortColumn: "slice_name",
          cell: (c) => (
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={c.url}>{c.slice_name}</Anchor>
              <CertifiedBadge chart={c} />
            </Group>
          ),
        },
        { key: "viz_type", header: t("Type"), sortColumn: "viz_type", cell: (c) => vizName(c.viz_type ?? "") },
        {
          key: "dataset", header: t("Dataset"), sortColumn: "datasource_name",
          cell: (c) => (c.datasource_url ? <Anchor component={Link} to={c.datasource_url}>{c.datasource_name}</Anchor> : "—"),
        },
        { key: "dashboards", header: t("On dashboards"), cell: (c) => (c.dashboards.length ? c.dashboards.map((d) => d.dashboard_title).join(", ") : "—") },
        { key: "owners", header: t("Owners"), cell: (c) => (c.owners.length ? ownerNames(c) : "—") },
        { key: "tags", header: t("Tags"), cell: (c) => <TagBadges tags={c.tags} /> },
        { key: "changed_by", header: t("Modified by"), sortColumn: "changed_by.first_name", cell: (c) => c.changed_by_name || "—" },
        { key: "changed_on", header: t("Last modified"), sortColumn: "changed_on_delta_humanized", cell: (c) => c.changed_on_delta_humanized },
        {
          key: "actions", header: t("Actions"),
          cell: (c) => <Group gap={4} wrap="nowrap"><ExportButton resource="chart" id={c.id} name={c.slice_name} /><RowActions chart={c} actions={actions} /></Group>,
        },
      ]} />
  );
}
