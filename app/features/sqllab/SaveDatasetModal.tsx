import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { datasetCreateBody, exploreFormDataFor, exploreUrl } from "../../../core/sqllab/save-dataset";
import type { Query } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { sqlLabApi } from "./api";

// Superset's SaveDatasetModal ("Save as new"): creates a virtual dataset from the run's SQL, caches Explore's
// form data for it (a table of the query's columns) and opens Explore on that key in a new window.

export function SaveDatasetModal({ opened, onClose, query, columns }: { opened: boolean; onClose: () => void; query: Query; columns: string[] }) {
  const [name, setName] = useState(`${query.tab ?? "Untitled Dataset"} ${new Date(query.startDttm).toISOString().slice(0, 19).replace("T", " ")}`);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { id } = await sqlLabApi.createDataset(datasetCreateBody(query, name));
      showToast("success", `Dataset ${name.trim()} was created.`);
      const { key } = await sqlLabApi.postFormData(id, exploreFormDataFor(id, columns));
      window.open(exploreUrl(key), "_blank", "noreferrer");
      onClose();
    } catch (err) {
      showToast("danger", `An error occurred saving dataset: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save or Overwrite Dataset">
      <Stack>
        <Text size="sm" c="dimmed">Save this query as a virtual dataset to continue exploring</Text>
        <TextInput label="Dataset name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="dataset-name" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={busy} disabled={!name.trim()} data-testid="save-dataset-confirm">Save & Explore</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
