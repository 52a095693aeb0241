import { useEffect, useState } from "react";
import { Alert, Button, Code, Group, Loader, Modal, ScrollArea } from "@mantine/core";
import type { FormData } from "../../../core/charts/contract";
import { copyText } from "../sqllab/clipboard";
import { chartQuery } from "./chart-data-requests";
import { useTranslation } from "../../i18n/react";

// Superset's "View query": the SQL the chart runs (its query context with result_type query), with a copy button.
// Used by Explore's header and by each dashboard chart's menu.

export function ViewQueryModal({ formData, csrfToken, onClose }: { formData: FormData; csrfToken: string | null; onClose: () => void }) {
  const [state, setState] = useState<{ sql: string | null; error: string | null }>({ sql: null, error: null });
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    chartQuery(formData, csrfToken)
      .then((r) => live && setState(r.ok ? { sql: r.sql, error: null } : { sql: null, error: r.message }))
      .catch((e: unknown) => live && setState({ sql: null, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [formData, csrfToken]);
  return (
    <Modal opened onClose={onClose} title={t("View query")} size="xl">
      {state.error && <Alert color="red" variant="light" data-testid="view-query-error">{state.error}</Alert>}
      {state.sql === null && !state.error && <Loader size="sm" />}
      {state.sql !== null && (
        <>
          <Group justify="flex-end" mb="xs">
            <Button size="xs" variant="default" onClick={() => void copyText(state.sql ?? "")} data-testid="copy-query">{t("Copy")}</Button>
          </Group>
          <ScrollArea.Autosize mah={420}>
            <Code block data-testid="view-query-sql">{state.sql}</Code>
          </ScrollArea.Autosize>
        </>
      )}
    </Modal>
  );
}
