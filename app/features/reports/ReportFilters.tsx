import { Group } from "@mantine/core";
import { AsyncSelectFilter, SelectFilter, TextFilter } from "../../components/list-view/filters";
import { relatedOptions } from "../../components/list-view/options";
import type { ListUrlControls } from "../../components/list-view/useListUrlState";

const ownerOptions = relatedOptions("report", "owners");
const creatorOptions = relatedOptions("report", "created_by");
const STATES = ["Success", "Working", "Error", "Not triggered", "On Grace"].map((s) => ({ value: s, label: s }));
const yesNo = [{ value: "true", label: "Active" }, { value: "false", label: "Inactive" }];

/** Superset's AlertReportList filters (ListView adds "Clear all"). */
export function ReportFilters({ list }: { list: ListUrlControls }) {
  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <Group align="end" gap="sm" data-testid="report-filters">
      <TextFilter label="Search" value={filters.search ?? ""} placeholder="Name, description or SQL" onApply={set("search")} testId="report-search" />
      <AsyncSelectFilter label="Owner" value={filters.owner} fetchOptions={ownerOptions} onChange={set("owner")} testId="report-filter-owner" />
      <AsyncSelectFilter label="Created by" value={filters.created_by} fetchOptions={creatorOptions} onChange={set("created_by")} testId="report-filter-created-by" />
      <SelectFilter label="Status" value={filters.status} options={STATES} onChange={set("status")} testId="report-filter-status" />
      <SelectFilter label="Active" value={filters.active} options={yesNo} onChange={set("active")} testId="report-filter-active" />
    </Group>
  );
}
