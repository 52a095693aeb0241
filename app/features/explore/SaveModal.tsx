import { useState } from "react";
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from "@mantine/core";
import { showToast } from "../../components/toast-store";
import { saveChart, type SaveAction } from "./store";

// Superset's Save chart dialog: overwrite the opened chart (its owners and admins only) or save as a new one.

export function SaveModal({ opened, onClose, sliceName, canOverwrite, userId }: { opened: boolean; onClose: () => void; sliceName: string | null; canOverwrite: boolean; userId: number }) {
  const [action, setAction] = useState<SaveAction>(canOverwrite ? "overwrite" : "saveas");
  const [name, setName] = useState(sliceName ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    const failure = await saveChart(action, name, userId);
    setSaving(false);
    if (failure) {
      setError(failure);
      return;
    }
    setError(null);
    showToast("success", `Chart [${name.trim()}] has been ${action === "overwrite" ? "overwritten" : "saved"}`);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Save chart">
      <Stack>
        <Radio.Group value={action} onChange={(v) => setAction(v as SaveAction)}>
          <Group>
            <Radio value="overwrite" label="Save (Overwrite)" disabled={!canOverwrite} data-testid="save-overwrite" />
            <Radio value="saveas" label="Save as..." data-testid="save-as-new" />
          </Group>
        </Radio.Group>
        <TextInput label="Chart name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="chart-name-input" />
        {error && <Alert color="red" variant="light" data-testid="save-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={saving} disabled={!name.trim()} data-testid="save-confirm">Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
