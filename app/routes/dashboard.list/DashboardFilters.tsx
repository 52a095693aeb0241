import { AsyncSelectFilter, SelectFilter, TextFilter } from "../../components/list-view/filters";
import { relatedOptions, tagOptions } from "../../components/list-view/options";
import type { ListUrlControls } from "../../components/list-view/useListUrlState";

const ownerOptions = relatedOptions("dashboard", "owners");
const statusOptions = [{ value: "true", label: "Published" }, { value: "false", label: "Draft" }];
const yesNo = [{ value: "true", label: "Yes" }, { value: "false", label: "No" }];

/** Superset's DashboardList filters (ListView adds "Clear all"). */
export function DashboardFilters({ list }: { list: ListUrlControls }) {
  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <>
      <TextFilter label="Search" value={filters.search ?? ""} placeholder="Title or slug" onApply={set("search")} testId="dashboard-search" />
      <AsyncSelectFilter label="Owner" value={filters.owner} fetchOptions={ownerOptions} onChange={set("owner")} testId="dashboard-filter-owner" />
      <SelectFilter label="Status" value={filters.published} options={statusOptions} onChange={set("published")} testId="dashboard-filter-status" />
      <SelectFilter label="Favorite" value={filters.favorite} options={yesNo} onChange={set("favorite")} testId="dashboard-filter-favorite" />
      <SelectFilter label="Certified" value={filters.certified} options={yesNo} onChange={set("certified")} testId="dashboard-filter-certified" />
      <AsyncSelectFilter label="Tag" value={filters.tag} fetchOptions={tagOptions} onChange={set("tag")} testId="dashboard-filter-tag" />
    </>
  );
}
