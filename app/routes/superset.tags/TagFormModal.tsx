import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { showToast } from "../../components/toast-store";
import { apiCall } from "../../components/api-call";

interface Props {
  /** null: a new tag */
  tag: { id: number; name: string; description: string | null } | null;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Superset's TagModal: a custom tag's name and description, saved through the API (which refuses ':' and ','). */
export function TagFormModal({ tag, csrfToken, onClose, onSaved }: Props) {
  const [name, setName] = useState(tag?.name ?? "");
  const [description, setDescription] = useState(tag?.description ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    const body = { name, description: description || null };
    const result = tag ? await apiCall("PUT", `/api/v1/tag/${tag.id}`, csrfToken, body) : await apiCall("POST", "/api/v1/tag/", csrfToken, body);
    setSaving(false);
    if (result.ok) {
      showToast("success", tag ? `Tag ${name} was saved` : `Tag ${name} was created`);
      onSaved();
      return;
    }
    setErrors(result.fieldErrors);
    showToast("danger", result.message);
  }

  return (
    <Modal opened onClose={onClose} title={tag ? "Edit Tag" : "Create Tag"}>
      <form onSubmit={save} noValidate data-testid="tag-form">
        <Stack>
          <TextInput label="Tag name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-testid="tag-name" />
          <Textarea label="Description" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving} data-testid="tag-save">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
