import { useEffect, useState } from "react";
import { Button, Group, List, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { datasetCall } from "../../features/datasets/dataset-api";
import { showToast } from "../../components/toast-store";
import { Trans, useTranslation } from "../../i18n/react";

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
  const { t } = useTranslation();
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
      showToast("danger", t("The dataset could not be deleted: {{message}}", { message: res.message }));
      return;
    }
    showToast("success", t("Dataset {{name}} was deleted", { name: dataset.table_name }));
    onDeleted();
  }

  const charts = related?.charts.result ?? [];
  return (
    <Modal opened onClose={onClose} title={t("Delete dataset?")}>
      <Stack>
        {!related ? (
          <Group gap="xs"><Loader size="xs" /><Text size="sm">{t("Looking for charts that use it…")}</Text></Group>
        ) : charts.length === 0 ? (
          <Text><Trans i18nKey="The dataset <b>{{name}}</b> is not used by any chart. It will be deleted; this cannot be undone." values={{ name: dataset.table_name }} components={{ b: <b /> }} /></Text>
        ) : (
          <>
            <Text>
              {related.dashboards.count
                ? <Trans i18nKey="The dataset <b>{{name}}</b> is used by {{charts}} on {{dashboards}}. Deleting it breaks them:"
                  values={{ name: dataset.table_name, charts: t("{{count}} charts", { count: charts.length }), dashboards: t("{{count}} dashboards", { count: related.dashboards.count }) }} components={{ b: <b /> }} />
                : <Trans i18nKey="The dataset <b>{{name}}</b> is used by {{charts}}. Deleting it breaks them:"
                  values={{ name: dataset.table_name, charts: t("{{count}} charts", { count: charts.length }) }} components={{ b: <b /> }} />}
            </Text>
            <List size="sm" data-testid="related-charts">
              {charts.map((c) => <List.Item key={c.id}>{c.slice_name}</List.Item>)}
            </List>
          </>
        )}
        <TextInput label={t("Type \"DELETE\" to confirm")} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="delete-confirm-text" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("Cancel")}</Button>
          <Button color="red" onClick={confirm} loading={busy} disabled={!related || typed !== "DELETE"} data-testid="confirm-delete">
            {t("Delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
