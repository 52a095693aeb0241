import { Anchor, Card, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { CardThumbnail } from "../../components/list-view/CardThumbnail";
import { Link } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { CertifiedBadge, FavoriteStar, RowActions } from "./ChartBits";
import { ownerNames, vizName, type ChartRowActions, type ChartRowData } from "./chart-row";

/** The card view: one card per chart with its thumbnail, type, dataset, owners and when it last changed. */
export function ChartCards({ charts, selection, actions }: { charts: ChartRowData[]; selection: BulkSelection; actions: ChartRowActions }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="chart-cards">
      {charts.map((c) => (
        <Card key={c.id} withBorder padding="md" data-testid="chart-card" data-chart-name={c.slice_name}>
          <Card.Section mb="sm">
            <CardThumbnail url={c.thumbnail_url} name={c.slice_name} />
          </Card.Section>
          <Group justify="space-between" wrap="nowrap" align="start">
            <Group gap="xs" wrap="nowrap">
              {selection.enabled && (
                <Checkbox aria-label={t("Select {{name}}", { name: c.slice_name })} disabled={!c.canEdit} checked={selection.isSelected(c.id)} onChange={() => selection.toggle(c.id)} data-testid={`select-${c.id}`} />
              )}
              <Anchor component={Link} to={c.url} fw={600} lineClamp={2}>{c.slice_name}</Anchor>
            </Group>
            <FavoriteStar chart={c} onToggle={() => actions.onFavorite(c)} />
          </Group>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">{vizName(c.viz_type ?? "")}</Text>
            <CertifiedBadge chart={c} />
          </Group>
          <Text size="sm" mt="xs">{c.datasource_name ?? "—"}</Text>
          {c.description && <Text size="xs" c="dimmed" lineClamp={2}>{c.description}</Text>}
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <Text size="xs" c="dimmed">{t("Modified {{when}}", { when: c.changed_on_delta_humanized })}{c.owners.length ? ` · ${ownerNames(c)}` : ""}</Text>
            <RowActions chart={c} actions={actions} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
