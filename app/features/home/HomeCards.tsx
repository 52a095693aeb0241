import { Anchor, Card, Code, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { HomeItem } from "../../../core/home/home-items";


/** The cards of one home tab: each names its object, links to it and says when it was touched. */
export function HomeCards({ items, testId }: { items: HomeItem[]; testId: string }) {
  const { t } = useTranslation();
  const kindLabel: Record<HomeItem["kind"], string> = { dashboard: t("Dashboard"), chart: t("Chart"), saved_query: t("Saved query") };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid={testId}>
      {items.map((item) => (
        <Card key={`${item.kind}-${item.id}-${item.url}`} withBorder padding="sm" data-testid="home-card" data-kind={item.kind}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              {/* SQL Lab and Explore load their own bundles: a full navigation, not a client transition */}
              <Anchor component={Link} to={item.url} reloadDocument={item.kind !== "dashboard"} fw={600} lineClamp={1}>{item.title}</Anchor>
              <Text size="xs" c="dimmed">{kindLabel[item.kind]}</Text>
            </Group>
            {item.sql ? <Code block style={{ maxHeight: 60, overflow: "hidden", whiteSpace: "pre-wrap" }}>{item.sql.slice(0, 200)}</Code> : null}
            <Text size="xs" c="dimmed">{item.when}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
