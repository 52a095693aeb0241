import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { isActive } from "../../../core/sqllab/query-state";
import type { Query } from "../../../core/sqllab/types";
import { copyText } from "./clipboard";
import { QueryStateBadge } from "./QueryStateBadge";
import { ResultGrid } from "./ResultGrid";
import { fetchQueryResults } from "./run-actions";
import { SaveDatasetModal } from "./SaveDatasetModal";
import { sqlLabStore } from "./store";
import { useTranslation } from "../../i18n/react";
import type { TFunction } from "../../../core/i18n/translate";

// One run's outcome in the south pane: progress, the error panel, or the rows with their count,
// the limiting factor, CSV download and "Save dataset".

function limitMessage(query: Pick<Query, "rows" | "limitingFactor" | "queryLimit">, displayLimitReached: boolean, maxRow: number, t: TFunction): string | null {
  const rows = query.rows ?? 0;
  if (displayLimitReached) return t("The number of results displayed is limited to {{rows}}. Please add additional limits/filters or download to csv to see more rows up to the {{maxRow}} limit.", { rows, maxRow });
  switch (query.limitingFactor) {
    case "QUERY":
      return t("The number of rows displayed is limited to {{rows}} by the query", { rows });
    case "DROPDOWN":
      return t("The number of rows displayed is limited to {{rows}} by the limit dropdown.", { rows });
    case "QUERY_AND_DROPDOWN":
      return t("The number of rows displayed is limited to {{rows}} by the query and limit dropdown.", { rows });
    default:
      return null;
  }
}

export function ResultSet({ query, height, canExport, showActions = true }: { query: Query; height: number; canExport: boolean; showActions?: boolean }) {
  const [saving, setSaving] = useState(false);
  const asked = useRef<string | null>(null);
  const { t } = useTranslation();
  const needsFetch = query.state === "success" && query.resultsKey && !query.results?.data?.length && !query.cached && (query.rows ?? 1) > 0;
  useEffect(() => {
    if (needsFetch && asked.current !== query.id) {
      asked.current = query.id;
      void fetchQueryResults(query, query.queryLimit ?? sqlLabStore.config.defaultQueryLimit);
    }
  }, [needsFetch, query]);

  if (query.state === "failed" || query.state === "timed_out") {
    const error = query.errors?.[0];
    return (
      <Alert color={error ? "red" : "yellow"} title={error ? errorTitle(error.error_type) : t("Unexpected error")} data-testid="query-error">
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{query.errorMessage ?? error?.message ?? t("Unknown error")}</Text>
        <Group gap="xs" mt="xs">
          <Button size="compact-xs" variant="subtle" onClick={() => void copyText(query.errorMessage ?? "")}>{t("Copy message")}</Button>
          {query.link ? <Anchor href={query.link} size="sm">{t("Request Access")}</Anchor> : null}
        </Group>
      </Alert>
    );
  }
  if (query.state === "stopped") return <Alert color="red" title={t("Query was stopped")} data-testid="query-stopped" />;
  if (isActive(query.state) || needsFetch) {
    return (
      <Group gap="sm" data-testid="query-running">
        <Loader size="sm" />
        <QueryStateBadge query={query} />
        {query.progress ? <Text size="sm">{query.progress}%</Text> : null}
      </Group>
    );
  }
  const results = query.results;
  const columns = columnNames(results?.columns);
  const rows = results?.data ?? NO_ROWS;
  const message = limitMessage(query, Boolean(results?.displayLimitReached), sqlLabStore.config.maxRow, t);
  return (
    <Stack gap={6}>
      {showActions ? (
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm" data-testid="row-count">{t("{{count}} rows returned", { count: query.rows ?? rows.length })}</Text>
            {message ? <Text size="xs" c="dimmed" data-testid="limit-message">{message}</Text> : null}
          </Group>
          <Group gap="xs">
            {canExport ? <Button size="compact-xs" variant="default" component="a" href={`/api/v1/sqllab/export/${query.id}/`} data-testid="download-csv">{t("Download to CSV")}</Button> : null}
            <Button size="compact-xs" variant="default" onClick={() => void copyText([columns.join("\t"), ...rows.map((r) => columns.map((c) => String(r[c] ?? "")).join("\t"))].join("\n"))}>{t("Copy to Clipboard")}</Button>
            <Button size="compact-xs" variant="default" onClick={() => setSaving(true)} data-testid="save-dataset">{t("Save dataset")}</Button>
          </Group>
        </Group>
      ) : null}
      {columns.length ? <ResultGrid columns={columns} rows={rows} height={height} /> : <Text size="sm" c="dimmed">{t("The query returned no data")}</Text>}
      <SaveDatasetModal opened={saving} onClose={() => setSaving(false)} query={query} columns={columns} />
    </Stack>
  );
}

const NO_ROWS: Record<string, unknown>[] = [];
const namesCache = new WeakMap<object, string[]>();

/** The same column-name array for the same result columns, so the grid's memoised rows stay valid across renders. */
function columnNames(columns: { column_name?: string; name?: string }[] | undefined): string[] {
  if (!columns) return [];
  let names = namesCache.get(columns);
  if (!names) namesCache.set(columns, (names = columns.map((c) => c.column_name ?? c.name ?? "")));
  return names;
}

function errorTitle(type: string): string {
  const t = type.replace(/_ERROR$/, "").toLowerCase().replace(/_/g, " ");
  return t.charAt(0).toUpperCase() + t.slice(1) + " error";
}
