import { Stack, Title } from "@mantine/core";
import type { HomeItem } from "../../../core/home/home-items";
import { HomePanel } from "./HomePanel";

// Superset's home page (/superset/welcome/): Recents, then Dashboards, Charts and Saved queries panels, each
// only for those who may read that kind of object, with Superset's "+ Dashboard", "+ Chart" and "+ SQL query"
// for those who may make one. The empty states are Superset's words.

export interface HomeData {
  username: string;
  panels: { dashboards: boolean; charts: boolean; savedQueries: boolean };
  canAdd: { dashboard: boolean; chart: boolean; sqlQuery: boolean };
  recents: { viewed: HomeItem[]; edited: HomeItem[]; created: HomeItem[] };
  dashboards: { favorite: HomeItem[]; mine: HomeItem[] };
  charts: { favorite: HomeItem[]; mine: HomeItem[] };
  savedQueries: { mine: HomeItem[] };
}

const favoriteEmpty = (plural: string, to: string) => ({ title: "You don't have any favorites yet!", action: { label: `See all ${plural}`, to } });
const mineEmpty = (plural: string, to: string) => ({
  title: `No ${plural} yet`, description: `${plural[0].toUpperCase()}${plural.slice(1)} you own will appear here`, action: { label: `See all ${plural}`, to },
});

export function HomePage({ data }: { data: HomeData }) {
  const { panels, recents, canAdd } = data;
  return (
    <Stack>
      <Title order={2}>Welcome, {data.username}</Title>
      <HomePanel id="recents" title="Recents" tabs={[
        { value: "viewed", label: "Viewed", items: recents.viewed, empty: { title: "No recents yet", description: "Recently viewed charts, dashboards, and saved queries will appear here" } },
        { value: "edited", label: "Edited", items: recents.edited, empty: { title: "No recents yet", description: "Recently edited charts, dashboards, and saved queries will appear here" } },
        { value: "created", label: "Created", items: recents.created, empty: { title: "No recents yet", description: "Recently created charts, dashboards, and saved queries will appear here" } },
      ]} />
      {panels.dashboards && (
        <HomePanel id="dashboards" title="Dashboards" viewAll="/dashboard/list/" add={canAdd.dashboard ? { label: "Dashboard", to: "/dashboard/new/" } : undefined} tabs={[
          { value: "favorite", label: "Favorite", items: data.dashboards.favorite, empty: favoriteEmpty("dashboards", "/dashboard/list/") },
          { value: "mine", label: "Mine", items: data.dashboards.mine, empty: mineEmpty("dashboards", "/dashboard/list/") },
        ]} />
      )}
      {panels.charts && (
        <HomePanel id="charts" title="Charts" viewAll="/chart/list/" add={canAdd.chart ? { label: "Chart", to: "/chart/add" } : undefined} tabs={[
          { value: "favorite", label: "Favorite", items: data.charts.favorite, empty: favoriteEmpty("charts", "/chart/list/") },
          { value: "mine", label: "Mine", items: data.charts.mine, empty: mineEmpty("charts", "/chart/list/") },
        ]} />
      )}
      {panels.savedQueries && (
        <HomePanel id="saved-queries" title="Saved queries" viewAll="/savedqueryview/list/" add={canAdd.sqlQuery ? { label: "SQL query", to: "/sqllab/" } : undefined} tabs={[
          { value: "mine", label: "Mine", items: data.savedQueries.mine, empty: { title: "No saved queries yet", description: "Saved queries you write in SQL Lab will appear here" } },
        ]} />
      )}
    </Stack>
  );
}
