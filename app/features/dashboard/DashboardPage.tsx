import { useEffect, useState } from "react";
import { ActionIcon, Badge, Box, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { ROOT_ID, activeTabs as tabsFor, type Layout } from "../../../core/dashboards/layout";
import { apiCall } from "../../components/api-call";
import { LayoutNode, type LayoutContext } from "./LayoutNode";
import type { DashboardChartData } from "./DashboardChart";

// Superset's dashboard in view mode: the header (title, favourite star, published/draft badge, "edited … ago")
// and the layout. The active tab of each tabs container follows the URL anchor (#TAB-…), as a shared link to a
// tab opens on that tab; switching tabs rewrites the anchor without a navigation.

export interface DashboardView {
  dashboard: {
    id: number;
    title: string;
    published: boolean;
    changedOnHumanized: string | null;
    owners: { id: number; first_name: string; last_name: string }[];
  };
  layout: Layout;
  charts: Record<string, DashboardChartData>;
  isFavorite: boolean;
  permissions: { canEdit: boolean; canSave: boolean; canShare: boolean };
}

function FavoriteStar({ dashboardId, initial, csrfToken }: { dashboardId: number; initial: boolean; csrfToken: string | null }) {
  const [on, setOn] = useState(initial);
  const toggle = async () => {
    const res = await apiCall(on ? "DELETE" : "POST", `/api/v1/dashboard/${dashboardId}/favorites/`, csrfToken);
    if (res.ok) setOn(!on);
  };
  return (
    <Tooltip label={on ? "Unselect as favorite" : "Select as favorite"}>
      <ActionIcon variant="subtle" color={on ? "yellow" : "gray"} onClick={() => void toggle()} aria-pressed={on}
        aria-label={on ? "Unselect as favorite" : "Select as favorite"} data-testid="favorite-star">
        {on ? "★" : "☆"}
      </ActionIcon>
    </Tooltip>
  );
}

export function DashboardPage({ data, csrfToken }: { data: DashboardView; csrfToken: string | null }) {
  const { dashboard, layout } = data;
  const [active, setActive] = useState<Record<string, string>>(() => tabsFor(layout, null));
  // the anchor is known only in the browser (it is never sent to the server)
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.replace(/^#/, "")) || null;
    if (anchor) setActive(tabsFor(layout, anchor));
  }, [layout]);
  const ctx: LayoutContext = {
    layout,
    charts: data.charts,
    activeTabs: active,
    csrfToken,
    onTab: (tabsId, tabId) => {
      setActive((a) => ({ ...a, [tabsId]: tabId }));
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}#${tabId}`);
    },
  };
  const root = layout[ROOT_ID];
  return (
    <Stack gap="md" data-testid="dashboard-page">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} data-testid="dashboard-title">{dashboard.title}</Title>
          <FavoriteStar dashboardId={dashboard.id} initial={data.isFavorite} csrfToken={csrfToken} />
          <Badge variant="light" color={dashboard.published ? "teal" : "gray"} data-testid="dashboard-status">
            {dashboard.published ? "Published" : "Draft"}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="dashboard-edited">
          {[dashboard.owners.length ? `Owners: ${dashboard.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ")}` : "", dashboard.changedOnHumanized ? `Edited ${dashboard.changedOnHumanized}` : ""].filter(Boolean).join(" · ")}
        </Text>
      </Group>
      <Box style={{ containerType: "inline-size" }} data-testid="dashboard-content">
        {root && <LayoutNode component={root} ctx={ctx} />}
      </Box>
    </Stack>
  );
}
