import { Button, Group, Pagination, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import { usePaginationLabels } from "../pagination-labels";
import { BulkActionBar } from "./BulkActionBar";
import { useListTexts } from "./list-texts";
import { ListEmptyState } from "./ListEmptyState";
import { ViewModeToggle } from "./ViewModeToggle";
import type { BulkSelection } from "./useBulkSelection";

// The frame every list page shares, as Superset's ListView: a header (title, the page's own actions, view
// mode switch, "Bulk select"), the filter bar, the bulk action bar, the result count, the rows (a table or
// cards, given by the page) or the empty state, and pagination. Pages give content; the frame gives layout.

export interface ListViewProps {
  title: string;
  /**
   * The page's header buttons ("+ Database", "Refresh", later "Import"/"Export"): shown at the right of the
   * title, before the view switch and "Bulk select".
   */
  headerActions?: React.ReactNode;
  /** the filter inputs (list-view/filters.tsx); "Clear all" is added when `filtered` */
  filters?: React.ReactNode;
  filtered: boolean;
  onClearFilters: () => void;
  /** [singular, plural] of the rows' noun, for the count, bulk bar and empty state */
  noun: [string, string];
  count: number;
  /** the count's test id (each page's own, so journeys can tell lists apart) */
  countTestId: string;
  /** rows are being fetched in the browser (the count says "Loading…" until the first answer) */
  loading?: boolean;
  error?: string | null;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  views?: { available: string[]; value: string; onChange: (view: string) => void };
  /** bulk select, with the actions shown while it is on; only when the user may act on some row */
  bulk?: { selection: BulkSelection; actions: React.ReactNode; available: boolean };
  /** what the empty state says when nothing is filtered (default "No <plural> yet") and its extra content */
  emptyText?: string;
  emptyTestId?: string;
  emptyContent?: React.ReactNode;
  /** the rows: a ListTable or the page's cards */
  children: React.ReactNode;
}

export function ListView(props: ListViewProps) {
  const { title, headerActions, filters, filtered, onClearFilters, noun, count, loading, bulk, views } = props;
  const pages = Math.max(1, Math.ceil(count / props.pageSize));
  const { t } = useTranslation();
  const pagination = usePaginationLabels();
  const texts = useListTexts(noun);
  const countText = loading && count === 0 ? t("Loading…") : texts.count(count);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="sm" data-testid="list-header-actions">
          {headerActions}
          {views && <ViewModeToggle views={views.available} value={views.value} onChange={views.onChange} />}
          {bulk && bulk.available && !bulk.selection.enabled && (
            <Button variant="default" onClick={() => bulk.selection.setEnabled(true)} data-testid="bulk-select">{t("Bulk select")}</Button>
          )}
        </Group>
      </Group>
      {filters && (
        <Group align="end" gap="sm" data-testid="list-filters">
          {filters}
          {filtered && <Button variant="subtle" onClick={onClearFilters} data-testid="clear-all-filters">{t("Clear all")}</Button>}
        </Group>
      )}
      {bulk && <BulkActionBar selection={bulk.selection} noun={noun}>{bulk.actions}</BulkActionBar>}
      <Text c="dimmed" size="sm" data-testid={props.countTestId}>{countText}</Text>
      {props.error && <Text c="red" size="sm" data-testid="list-error">{props.error}</Text>}
      {count === 0 && !loading ? (
        <ListEmptyState filtered={filtered} empty={texts.empty} onClear={onClearFilters} text={props.emptyText} testId={props.emptyTestId}>
          {props.emptyContent}
        </ListEmptyState>
      ) : (
        props.children
      )}
      {pages > 1 && <Pagination {...pagination} total={pages} value={props.page} onChange={props.onPage} data-testid="list-pagination" />}
    </Stack>
  );
}
