import { useEffect, useState } from "react";
import { Alert, Loader, Modal, Tabs } from "@mantine/core";
import type { FormData } from "../../../../core/charts/contract";
import { DataRows } from "../../charts/DataRows";
import { chartResults, datasetSamples, type Answer } from "../../charts/chart-data-requests";
import { useTranslation } from "../../../i18n/react";

// Superset's "View as table" of a dashboard chart: the chart's rows (result_type results) and the dataset's
// samples, each tab loaded when first opened.

type Tab = "results" | "samples";

const datasetIdOf = (formData: FormData): number | null => {
  const m = /^(\d+)__/.exec(String((formData as { datasource?: unknown }).datasource ?? ""));
  return m ? Number(m[1]) : null;
};

function TabRows({ tab, formData, csrfToken }: { tab: Tab; formData: FormData; csrfToken: string | null }) {
  const [answer, setAnswer] = useState<(Answer & { total?: number }) | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    const datasetId = datasetIdOf(formData);
    const ask = tab === "results" ? chartResults(formData, csrfToken)
      : datasetId === null ? Promise.resolve<Answer>({ ok: false, message: t("This chart has no dataset to sample") }) : datasetSamples(datasetId, csrfToken);
    ask.then((a) => live && setAnswer(a)).catch((e: unknown) => live && setAnswer({ ok: false, message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [tab, formData, csrfToken, t]);
  if (!answer) return <Loader size="sm" m="xs" />;
  if (!answer.ok) return <Alert color="red" variant="light" mt={6} data-testid={`${tab}-error`}>{answer.message}</Alert>;
  return <DataRows data={answer.data} total={answer.total} label={tab} height={420} />;
}

export function ResultsModal({ title, formData, csrfToken, onClose }: { title: string; formData: FormData; csrfToken: string | null; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>("results");
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="90%" data-testid="results-modal">
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="results">{t("Results")}</Tabs.Tab>
          <Tabs.Tab value="samples">{t("Samples")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab}><TabRows key={tab} tab={tab} formData={formData} csrfToken={csrfToken} /></Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
