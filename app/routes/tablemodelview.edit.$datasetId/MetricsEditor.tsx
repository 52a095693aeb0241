import { CODE_INPUT_STYLES } from "../../components/code-input";
import { IconTrash } from "@tabler/icons-react";
import { ActionIcon, Button, Stack, Table, TextInput } from "@mantine/core";
import type { DraftMetric } from "../../../core/datasets/editor-draft";

export type EditableMetric = DraftMetric;

let added = 0;

/** One row per metric: name, label, SQL expression and d3 format; new metrics are added at the end. */
export function MetricsEditor({ metrics, onChange }: { metrics: EditableMetric[]; onChange: (m: EditableMetric[]) => void }) {
  const set = (key: string, patch: Partial<EditableMetric>) => onChange(metrics.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  return (
    <Stack>
      <Table data-testid="metrics-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Metric</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>SQL expression</Table.Th>
            <Table.Th>D3 format</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((m) => (
            <Table.Tr key={m.key} data-testid={`metric-row-${m.metric_name}`}>
              <Table.Td>
                <TextInput aria-label="Metric name" value={m.metric_name} onChange={(e) => set(m.key, { metric_name: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label="Label" value={m.verbose_name ?? ""} onChange={(e) => set(m.key, { verbose_name: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label="SQL expression" value={m.expression} onChange={(e) => set(m.key, { expression: e.currentTarget.value })} styles={CODE_INPUT_STYLES} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label="D3 format" value={m.d3format ?? ""} onChange={(e) => set(m.key, { d3format: e.currentTarget.value })} w={110} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Delete metric ${m.metric_name}`} onClick={() => onChange(metrics.filter((x) => x.key !== m.key))}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button
        variant="light"
        w="fit-content"
        onClick={() => onChange([...metrics, { key: `new${++added}`, metric_name: "", expression: "", verbose_name: null, d3format: null, description: null }])}
      >
        Add metric
      </Button>
    </Stack>
  );
}
