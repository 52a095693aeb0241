import { useState } from "react";
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { apiCall } from "../../../components/api-call";

// Superset's "Save as" of a dashboard: a copy under a new name (POST /api/v1/dashboard/{id}/copy/) with the
// dashboard's CSS and metadata, optionally with copies of its charts; the browser then opens the copy.

export function SaveAsModal({ dashboardId, title, css, metadata, csrfToken, onClose }: {
  dashboardId: number; title: string; css: string; metadata: Record<string, unknown>; csrfToken: string | null; onClose: () => void;
}) {
  const [name, setName] = useState(`${title} [copy]`);
  const [duplicate, setDuplicate] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!name.trim()) return setFailure("A name is required");
    setSaving(true);
    const res = await apiCall<{ result: { id: number } }>("POST", `/api/v1/dashboard/${dashboardId}/copy/`, csrfToken, {
      dashboard_title: name.trim(), css, json_metadata: JSON.stringify(metadata), duplicate_slices: duplicate,
    });
    setSaving(false);
    if (!res.ok) return setFailure(res.message);
    window.location.assign(`/superset/dashboard/${res.body.result.id}/`);
  };
  return (
    <Modal opened onClose={onClose} title="Save dashboard" data-testid="save-as-modal">
      <Stack gap="sm">
        {failure && <Alert color="red" variant="light" data-testid="save-as-error">{failure}</Alert>}
        <TextInput label="Save as:" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="save-as-name" />
        <Checkbox label="also copy (duplicate) charts" checked={duplicate} onChange={(e) => setDuplicate(e.currentTarget.checked)} data-testid="save-as-duplicate" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={saving} data-testid="save-as-save">Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
