import { Stack, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import type { TFunction } from "../../../core/i18n/translate";
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

// whole sentences per kind, not "No {{plural}} yet": German and Spanish inflect around the noun
const favoriteEmpty = (t: TFunction, kind: "dashboards" | "charts", to: string) => ({
  title: t("You don't have any favorites yet!"),
  action: { label: kind === "dashboards" ? t("See all dashboards") : t("See all charts"), to },
});
const mineEmpty = (t: TFunction, kind: "dashboards" | "charts", to: string) => (kind === "dashboards"
  ? { title: t("No dashboards yet"), description: t("Dashboards you own will appear here"), action: { label: t("See all dashboards"), to } }
  : { title: t("No charts yet"), description: t("Charts you own will appear here"), action: { label: t("See all charts"), to } });

export function HomePage({ data }: { data: HomeData }) {
  const { t } = useTranslation();
  const { panels, recents, canAdd } = data;
  return (
    <Stack>
      <Title order={2}>{t("Welcome, {{name}}", { name: data.username })}</Title>
      <HomePanel id="recents" title={t("Recents")} tabs={[
        { value: "viewed", label: t("Viewed"), items: recents.viewed, empty: { title: t("No recents yet"), description: t("Recently viewed charts, dashboards, and saved queries will appear here") } },
        { value: "edited", label: t("Edited"), items: recents.edited, empty: { title: t("No recents yet"), description: t("Recently edited charts, dashboards, and saved queries will appear here") } },
        { value: "created", label: t("Created"), items: recents.created, empty: { title: t("No recents yet"), description: t("Recently created charts, dashboards, and saved queries will appear here") } },
      ]} />
      {panels.dashboards && (
        <HomePanel id="dashboards" title={t("Dashboards")} viewAll="/dashboard/list/" add={canAdd.dashboard ? { label: t("Dashboard"), to: "/dashboard/new/" } : undefined} tabs={[
          { value: "favorite", label: t("Favorite"), items: data.dashboards.favorite, empty: favoriteEmpty(t, "dashboards", "/dashboard/list/") },
          { value: "mine", label: t("Mine"), items: data.dashboards.mine, empty: mineEmpty(t, "dashboards", "/dashboard/list/") },
        ]} />
      )}
      {panels.charts && (
        <HomePanel id="charts" title={t("Charts")} viewAll="/chart/list/" add={canAdd.chart ? { label: t("Chart"), to: "/chart/add" } : undefined} tabs={[
          { value: "favorite", label: t("Favorite"), items: data.charts.favorite, empty: favoriteEmpty(t, "charts", "/chart/list/") },
          { value: "mine", label: t("Mine"), items: data.charts.mine, empty: mineEmpty(t, "charts", "/chart/list/") },
        ]} />
      )}
      {panels.savedQueries && (
        <HomePanel id="saved-queries" title={t("Saved queries")} viewAll="/savedqueryview/list/" add={canAdd.sqlQuery ? { label: t("SQL query"), to: "/sqllab/" } : undefined} tabs={[
          { value: "mine", label: t("Mine"), items: data.savedQueries.mine, empty: { title: t("No saved queries yet"), description: t("Saved queries you write in SQL Lab will appear here") } },
        ]} />
      )}
    </Stack>
  );
}
