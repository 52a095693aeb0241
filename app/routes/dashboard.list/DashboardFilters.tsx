import { useTranslation } from "../../i18n/react";
import { AsyncSelectFilter, SelectFilter, TextFilter } from "../../components/list-view/filters";
import { relatedOptions, tagOptions } from "../../components/list-view/options";
import type { ListUrlControls } from "../../components/list-view/useListUrlState";

const ownerOptions = relatedOptions("dashboard", "owners");

/** Superset's DashboardList filters (ListView adds "Clear all"). */
export function DashboardFilters({ list }: { list: ListUrlControls }) {
  const { t } = useTranslation();
  const statusOptions = [{ value: "true", label: t("Published") }, { value: "false", label: t("Draft") }];
  const yesNo = [{ value: "true", label: t("Yes") }, { value: "false", label: t("No") }];
  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <>
      <TextFilter label={t("Search")} value={filters.search ?? ""} placeholder={t("Title or slug")} onApply={set("search")} testId="dashboard-search" />
      <AsyncSelectFilter label={t("Owner")} value={filters.owner} fetchOptions={ownerOptions} onChange={set("owner")} testId="dashboard-filter-owner" />
      <SelectFilter label={t("Status")} value={filters.published} options={statusOptions} onChange={set("published")} testId="dashboard-filter-status" />
      <SelectFilter label={t("Favorite")} value={filters.favorite} options={yesNo} onChange={set("favorite")} testId="dashboard-filter-favorite" />
      <SelectFilter label={t("Certified")} value={filters.certified} options={yesNo} onChange={set("certified")} testId="dashboard-filter-certified" />
      <AsyncSelectFilter label={t("Tag")} value={filters.tag} fetchOptions={tagOptions} onChange={set("tag")} testId="dashboard-filter-tag" />
    </>
  );
}
