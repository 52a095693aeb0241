import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/react";

/** What a list shows with no rows: "nothing matches" with a way out when filtered, else that none exist yet. */
export function ListEmptyState({ filtered, empty, onClear, text, testId, children }: {
  filtered: boolean;
  /** "No <plural> yet", in the page's language */
  empty: string;
  onClear: () => void;
  /** the unfiltered message, when the page knows better than "No <plural> yet" (e.g. no data access) */
  text?: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" gap="xs" data-testid="list-empty">
      <Text fw={600} data-testid={testId}>{filtered ? t("No results match your filter criteria") : text ?? empty}</Text>
      {filtered ? <Button variant="subtle" onClick={onClear} data-testid="clear-filters">{t("Clear all filters")}</Button> : children}
    </Stack>
  );
}
