import { Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import type { HomeItem } from "../../../core/home/home-items";
import { HomeCards } from "./HomeCards";

// One panel of the home page (Superset's Welcome page): a title, its tabs (Favorite / Mine, or Viewed /
// Edited / Created for Recents), "+ Dashboard" (Chart, SQL query) to start one, "View All »" to the full list,
// cards, and Superset's empty states.

export interface HomeTab {
  value: string;
  label: string;
  items: HomeItem[];
  /** the empty state of this tab */
  empty: { title: string; description?: string; action?: { label: string; to: string } };
}

export function HomePanel({ id, title, tabs, viewAll, add }: { id: string; title: string; tabs: HomeTab[]; viewAll?: string; add?: { label: string; to: string } }) {
  // Superset opens Favorite when there are favourites, otherwise Mine (the first tab with cards, else the first)
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>((tabs.find((one) => one.items.length) ?? tabs[0]).value);
  return (
    <Paper withBorder p="md" data-testid={`home-${id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{title}</Title>
          <Group gap="md">
            {add && <Button component={Link} to={add.to} variant="subtle" size="compact-sm" data-testid={`home-${id}-add`}>{`+ ${add.label}`}</Button>}
            {viewAll && <Anchor component={Link} to={viewAll} size="sm" data-testid={`home-${id}-view-all`}>{t("View All »")}</Anchor>}
          </Group>
        </Group>
        <Tabs value={tab} onChange={(v) => v && setTab(v)}>
          <Tabs.List>
            {tabs.map((one) => <Tabs.Tab key={one.value} value={one.value} data-testid={`home-${id}-tab-${one.value}`}>{one.label}</Tabs.Tab>)}
          </Tabs.List>
          {tabs.map((one) => (
            <Tabs.Panel key={one.value} value={one.value} pt="sm">
              {one.items.length ? <HomeCards items={one.items} testId={`home-${id}-${one.value}`} /> : <HomeEmpty {...one.empty} testId={`home-${id}-${one.value}-empty`} />}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}

function HomeEmpty({ title, description, action, testId }: HomeTab["empty"] & { testId: string }) {
  return (
    <Stack align="center" gap={4} py="md" data-testid={testId}>
      <Text fw={600}>{title}</Text>
      {description && <Text size="sm" c="dimmed">{description}</Text>}
      {action && <Button component={Link} to={action.to} variant="light" size="xs" mt={4}>{action.label}</Button>}
    </Stack>
  );
}
