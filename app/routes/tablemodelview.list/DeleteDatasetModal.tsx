import { useEffect, useState } from "react";
import { Button, Group, List, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { datasetCall } from "../../features/datasets/dataset-api";
import { showToast } from "../../components/toast-store";

interface Related {
  charts: { count: number; result: { id: number; slice_name: string }[] };
  dashboards: { count: number; result: { id: number; dashboard_title: string }[] };
}

/**
 * Superset's dataset delete confirmation: the charts (and dashboards) that use the dataset are named first,
 * since deleting it breaks them, and the user types DELETE to confirm.
 */
export function DeleteDatasetModal({ dataset, csrfToken, onClose, onDeleted }: {
  dataset: { id: number; table_name: string };
  csrfToken: string | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [related, setRelated] = useState<Related | null>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void datasetCall<Related>("GET", `/api/v1/dataset/${dataset.id}/related_objects`, csrfToken).then((res) => {
      if (res.ok) setRelated(res.body);
      else showToast("danger", res.message);
    });
  }, [dataset.id, csrfToken]);

  async function confirm() {
    setBusy(true);
    const res = await datasetCall("DELETE", `/api/v1/dataset/${dataset.id}`, csrfToken);
    setBusy(false);
    if (!res.ok) {
      showToast("danger", `The dataset could not be deleted: ${res.message}`);
      return;
    }
    showToast("success", `Dataset ${dataset.table_name} was deleted`);
    onDeleted();
  }

  const charts = related?.charts.result ?? [];
  return (
    <Modal opened onClose={onClose} title="Delete dataset?">
      <Stack>
        {!related ? (
          <Group gap="xs"><Loader size="xs" /><Text size="sm">Looking for charts that use it…</Text></Group>
        ) : charts.length === 0 ? (
          <Text>The dataset <b>{dataset.table_name}</b> is not used by any chart. It will be deleted; this cannot be undone.</Text>
        ) : (
          <>
            <Text>
              The dataset <b>{dataset.table_name}</b> is used by {charts.length === 1 ? "1 chart" : `${charts.length} charts`}
              {related.dashboards.count ? ` on ${related.dashboards.count === 1 ? "1 dashboard" : `${related.dashboards.count} dashboards`}` : ""}.
              Deleting it breaks them:
            </Text>
            <List size="sm" data-testid="related-charts">
              {charts.map((c) => <List.Item key={c.id}>{c.slice_name}</List.Item>)}
            </List>
          </>
        )}
        <TextInput label='Type "DELETE" to confirm' value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="delete-confirm-text" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color="red" onClick={confirm} loading={busy} disabled={!related || typed !== "DELETE"} data-testid="confirm-delete">
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
