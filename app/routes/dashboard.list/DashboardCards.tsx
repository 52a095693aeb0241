import { Anchor, Card, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { CardThumbnail } from "../../components/list-view/CardThumbnail";
import { Link } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { CertifiedBadge, FavoriteStar, RowActions, StatusBadge } from "./DashboardBits";
import { ownerNames, type DashboardRowActions, type DashboardRowData } from "./dashboard-row";

/** The card view: one card per dashboard with its thumbnail, status, owners and when it last changed. */
export function DashboardCards({ dashboards, selection, actions }: { dashboards: DashboardRowData[]; selection: BulkSelection; actions: DashboardRowActions }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="dashboard-cards">
      {dashboards.map((d) => (
        <Card key={d.id} withBorder padding="md" data-testid="dashboard-card" data-dashboard-title={d.title}>
          <Card.Section mb="sm">
            <CardThumbnail url={d.thumbnail_url} name={d.title} />
          </Card.Section>
          <Group justify="space-between" wrap="nowrap" align="start">
            <Group gap="xs" wrap="nowrap">
              {selection.enabled && (
                <Checkbox aria-label={t("Select {{name}}", { name: d.title })} disabled={!d.canEdit} checked={selection.isSelected(d.id)} onChange={() => selection.toggle(d.id)} data-testid={`select-${d.id}`} />
              )}
              <Anchor component={Link} to={d.url} fw={600} lineClamp={2}>{d.title}</Anchor>
            </Group>
            <FavoriteStar dashboard={d} onToggle={() => actions.onFavorite(d)} />
          </Group>
          <Group gap="xs" mt={4}>
            <StatusBadge dashboard={d} />
            <CertifiedBadge dashboard={d} />
          </Group>
          <Text size="xs" c="dimmed" mt="sm">{t("Modified {{when}}", { when: d.changed_on_delta_humanized })}{d.owners.length ? ` · ${ownerNames(d)}` : ""}</Text>
          <Group justify="flex-end" mt="xs" wrap="nowrap">
            <RowActions dashboard={d} actions={actions} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
