import { useState } from "react";
import { Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
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
  const { errors, saving, submit } = useModalSave(onSaved);

  const save = submit(() => {
    const body = { name, descr: descr || null };
    return layer ? apiCall("PUT", `/api/v1/annotation_layer/${layer.id}`, csrfToken, body) : apiCall("POST", "/api/v1/annotation_layer/", csrfToken, body);
  }, () => (layer ? `Annotation layer ${name.trim()} was saved` : `Annotation layer ${name.trim()} was added`));

  return (
    <Modal opened onClose={onClose} title={layer ? "Edit annotation layer" : "Add annotation layer"}>
      <form onSubmit={save} noValidate data-testid="layer-form">
        <Stack>
          <TextInput label="Annotation layer name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-testid="layer-name" />
          <Textarea label="Description" autosize minRows={2} value={descr} onChange={(e) => setDescr(e.currentTarget.value)} error={errors.descr} data-testid="layer-descr" />
          <ModalFormActions onCancel={onClose} saving={saving} label={layer ? "Save" : "Add"} testId="layer-save" />
        </Stack>
      </form>
    </Modal>
  );
}
