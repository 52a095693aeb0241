import { Group } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import { CHART_TYPES } from "../../../core/charts/registry";
import { AsyncSelectFilter, SelectFilter, TextFilter } from "../../components/list-view/filters";
import { relatedOptions, tagOptions, type Option } from "../../components/list-view/options";
import type { ListUrlControls } from "../../components/list-view/useListUrlState";
import { datasetOptions } from "./chart-api";
import { vizName } from "./chart-row";

const ownerOptions = relatedOptions("chart", "owners");
const typeOptions = Object.keys(CHART_TYPES).map((t) => ({ value: t, label: vizName(t) })).sort((a, b) => a.label.localeCompare(b.label));

/** Superset's ChartList filters (ListView adds "Clear all"); the dashboard filter only when some dashboard holds a chart the user sees. */
export function ChartFilters({ list, dashboards }: { list: ListUrlControls; dashboards: Option[] }) {
  const { t } = useTranslation();
  const yesNo = [{ value: "true", label: t("Yes") }, { value: "false", label: t("No") }];
  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <Group align="end" gap="sm" data-testid="chart-filters">
      <TextFilter label={t("Search")} value={filters.search ?? ""} placeholder={t("Name, description or dataset")} onApply={set("search")} testId="chart-search" />
      <AsyncSelectFilter label={t("Owner")} value={filters.owner} fetchOptions={ownerOptions} onChange={set("owner")} testId="chart-filter-owner" />
      <SelectFilter label={t("Type")} value={filters.viz_type} options={typeOptions} onChange={set("viz_type")} testId="chart-filter-viz-type" />
      <AsyncSelectFilter label={t("Dataset")} value={filters.dataset} fetchOptions={datasetOptions} onChange={set("dataset")} testId="chart-filter-dataset" />
      {dashboards.length > 0 && <SelectFilter label={t("Dashboard")} value={filters.dashboard} options={dashboards} onChange={set("dashboard")} testId="chart-filter-dashboard" />}
      <SelectFilter label={t("Favorite")} value={filters.favorite} options={yesNo} onChange={set("favorite")} testId="chart-filter-favorite" />
      <SelectFilter label={t("Certified")} value={filters.certified} options={yesNo} onChange={set("certified")} testId="chart-filter-certified" />
      <AsyncSelectFilter label={t("Tag")} value={filters.tag} fetchOptions={tagOptions} onChange={set("tag")} testId="chart-filter-tag" />
    </Group>
  );
}
