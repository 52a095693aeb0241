import { Button, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/react";
import type { BulkSelection } from "./useBulkSelection";
import { useListTexts } from "./list-texts";

/** The bar shown while bulk select is on: how many are selected, select/deselect all, and the page's actions. */
export function BulkActionBar({ selection, noun, children }: { selection: BulkSelection; noun: [string, string]; children: React.ReactNode }) {
  const { t } = useTranslation();
  const texts = useListTexts(noun);
  if (!selection.enabled) return null;
  const n = selection.selected.length;
  return (
    <Paper withBorder p="xs" data-testid="bulk-bar">
      <Group justify="space-between">
        <Group gap="sm">
          <Text size="sm" data-testid="bulk-count">{texts.selected(n)}</Text>
          <Button size="xs" variant="subtle" onClick={selection.toggleAll}>{selection.allSelected ? t("Deselect all") : t("Select all")}</Button>
        </Group>
        <Group gap="sm">
          {children}
          <Button size="xs" variant="default" onClick={() => selection.setEnabled(false)}>{t("Cancel")}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
