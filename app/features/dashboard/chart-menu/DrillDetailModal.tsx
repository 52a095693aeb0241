import { useEffect, useState } from "react";
import { Alert, Badge, CloseButton, Group, Loader, Modal, Pagination, ScrollArea, Table, Text } from "@mantine/core";
import type { FormData, QueryData } from "../../../../core/charts/contract";
import { getChartType } from "../../../../core/charts/registry";
import { DRILL_PAGE_SIZE, drillFilterLabel, drillPayload, samplesPath, type DrillFilter } from "../../../../core/dashboards/drill-detail";
import { cellText, columnsOf, temporalColumns } from "../../../../core/explore/data-pane";
import { apiCall } from "../../../components/api-call";
import { useTranslation } from "../../../i18n/react";
import { usePaginationLabels } from "../../../components/pagination-labels";

// Superset's "Drill to detail": the dataset rows behind a chart (or behind the value right-clicked on), 50 a page,
// through Superset's POST /datasource/samples with the chart's filters and the clicked ones. A clicked filter can
// be removed from the modal's header, as Superset's.

type Page = { ok: true; data: QueryData; total: number } | { ok: false; message: string };

export function DrillDetailModal({ title, formData, filters: initial, csrfToken, onClose }: {
  title: string;
  formData: FormData;
  filters: DrillFilter[];
  csrfToken: string | null;
  onClose: () => void;
}) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Page | null>(null);
  const { t, i18n } = useTranslation();
  const pagination = usePaginationLabels();
  useEffect(() => {
    let live = true;
    setAnswer(null);
    const ask = async (): Promise<Page> => {
      const type = getChartType(formData.viz_type);
      if (!type) return { ok: false, message: t("Unknown chart type: {{name}}", { name: String(formData.viz_type) }) };
      const { datasourceId, origin, body } = drillPayload(type.buildQuery(formData), filters);
      const res = await apiCall<{ result: QueryData & { total_count: number } }>("POST", samplesPath(datasourceId, page, DRILL_PAGE_SIZE, origin), csrfToken, body);
      return res.ok ? { ok: true, data: res.body.result, total: res.body.result.total_count } : { ok: false, message: res.message };
    };
    ask().then((a) => live && setAnswer(a), (e: unknown) => live && setAnswer({ ok: false, message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [formData, filters, page, csrfToken, t]);

  const columns = answer?.ok ? columnsOf(answer.data) : [];
  const temporal = answer?.ok ? temporalColumns(answer.data) : new Set<string>();
  const pages = answer?.ok ? Math.max(1, Math.ceil(answer.total / DRILL_PAGE_SIZE)) : 1;
  return (
    <Modal opened onClose={onClose} title={t("Drill to detail: {{name}}", { name: title })} size="90%" data-testid="drill-detail-modal">
      <Group justify="space-between" mb={6} gap="xs">
        <Group gap={6}>
          {filters.map((f, i) => (
            <Badge key={i} variant="light" data-testid="drill-detail-filter"
              rightSection={<CloseButton size="xs" aria-label={t("Remove {{name}}", { name: drillFilterLabel(f) })} onClick={() => (setFilters(filters.filter((_, j) => j !== i)), setPage(1))} />}>
              {drillFilterLabel(f)}
            </Badge>
          ))}
        </Group>
        {answer?.ok && <Text size="sm" c="dimmed" data-testid="drill-detail-count">{t("{{number}} rows", { number: answer.total.toLocaleString(i18n.language), count: answer.total })}</Text>}
      </Group>
      {!answer && <Loader size="sm" m="xs" />}
      {answer && !answer.ok && <Alert color="red" variant="light" data-testid="drill-detail-error">{answer.message}</Alert>}
      {answer?.ok && (
        <>
          <ScrollArea h={440} type="auto">
            <Table striped highlightOnHover withTableBorder fz="xs" stickyHeader data-testid="drill-detail-table">
              <Table.Thead><Table.Tr>{columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {answer.data.data.map((r, i) => <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c}>{cellText(r[c], temporal.has(c))}</Table.Td>)}</Table.Tr>)}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && <Pagination {...pagination} mt="xs" size="sm" total={pages} value={page} onChange={setPage} data-testid="drill-detail-pages" />}
        </>
      )}
    </Modal>
  );
}
