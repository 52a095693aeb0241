import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { showToast } from "../../components/toast-store";
import { apiCall } from "../../components/api-call";

interface Props {
  /** null: a new layer */
  layer: { id: number; name: string; descr: string | null } | null;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Superset's AnnotationLayerModal: the layer's name and description, saved through the API (names are unique). */
export function LayerModal({ layer, csrfToken, onClose, onSaved }: Props) {
  const [name, setName] = useState(layer?.name ?? "");
  const [descr, setDescr] = useState(layer?.descr ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    const body = { name, descr: descr || null };
    const result = layer ? await apiCall("PUT", `/api/v1/annotation_layer/${layer.id}`, csrfToken, body) : await apiCall("POST", "/api/v1/annotation_layer/", csrfToken, body);
    setSaving(false);
    if (result.ok) {
      showToast("success", layer ? `Annotation layer ${name.trim()} was saved` : `Annotation layer ${name.trim()} was added`);
      onSaved();
      return;
    }
    setErrors(result.fieldErrors);
    showToast("danger", result.message);
  }

  return (
    <Modal opened onClose={onClose} title={layer ? "Edit annotation layer" : "Add annotation layer"}>
      <form onSubmit={save} noValidate data-testid="layer-form">
        <Stack>
          <TextInput label="Annotation layer name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-testid="layer-name" />
          <Textarea label="Description" autosize minRows={2} value={descr} onChange={(e) => setDescr(e.currentTarget.value)} error={errors.descr} data-testid="layer-descr" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving} data-testid="layer-save">{layer ? "Save" : "Add"}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
