import { useEffect, useState } from "react";
import { Alert, Loader, Tabs, Text } from "@mantine/core";
import type { FormData } from "../../../core/charts/contract";
import { DataRows as Rows } from "../charts/DataRows";
import { chartResults, datasetSamples, type Answer } from "./chart-requests";
import { useTranslation } from "../../i18n/react";

// Superset's data pane under the chart: "Results" (the chart's rows before post-processing, result_type
// results) and "Samples" (rows of the dataset, /datasource/samples), each with its row count, a search over
// the rows and a copy of them. A tab loads when opened and again when the chart is run with another query;
// clicking the open tab folds the pane.

type TabName = "results" | "samples";

function useAnswer(tab: TabName | null, formData: FormData | null, datasetId: number) {
  const [state, setState] = useState<{ loading: boolean; answer: (Answer & { total?: number }) | null }>({ loading: false, answer: null });
  const key = tab === "results" ? JSON.stringify(formData) : tab;
  useEffect(() => {
    if (!tab || (tab === "results" && !formData)) return;
    let live = true;
    setState({ loading: true, answer: null });
    void (tab === "results" ? chartResults(formData!) : datasetSamples(datasetId)).then((answer) => live && setState({ loading: false, answer }));
    return () => {
      live = false;
    };
  }, [key, datasetId]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

export function DataPane({ formData, datasetId }: { formData: FormData | null; datasetId: number }) {
  const [tab, setTab] = useState<TabName | null>(null);
  const { loading, answer } = useAnswer(tab, formData, datasetId);
  const { t } = useTranslation();
  return (
    <Tabs value={tab} onChange={(v) => setTab(v === tab ? null : (v as TabName))} keepMounted={false} data-testid="data-pane">
      <Tabs.List>
        <Tabs.Tab value="results" onClick={() => tab === "results" && setTab(null)}>{t("Results")}</Tabs.Tab>
        <Tabs.Tab value="samples" onClick={() => tab === "samples" && setTab(null)}>{t("Samples")}</Tabs.Tab>
      </Tabs.List>
      {tab && (
        <Tabs.Panel value={tab}>
          {tab === "results" && !formData && <Text size="sm" c="dimmed" p="xs">{t("Run the chart to see its results")}</Text>}
          {loading && <Loader size="sm" m="xs" />}
          {answer && !answer.ok && <Alert color="red" variant="light" mt={6} data-testid={`${tab}-error`}>{answer.message}</Alert>}
          {answer?.ok && <Rows key={tab} data={answer.data} total={answer.total} label={tab} />}
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
