import { useState } from "react";
import { Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
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
  const { errors, saving, submit } = useModalSave(onSaved);

  const save = submit(() => {
    const body = { name, description: description || null };
    return tag ? apiCall("PUT", `/api/v1/tag/${tag.id}`, csrfToken, body) : apiCall("POST", "/api/v1/tag/", csrfToken, body);
  }, () => (tag ? `Tag ${name} was saved` : `Tag ${name} was created`));

  return (
    <Modal opened onClose={onClose} title={tag ? "Edit Tag" : "Create Tag"}>
      <form onSubmit={save} noValidate data-testid="tag-form">
        <Stack>
          <TextInput label="Tag name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-testid="tag-name" />
          <Textarea label="Description" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
          <ModalFormActions onCancel={onClose} saving={saving} label="Save" testId="tag-save" />
        </Stack>
      </form>
    </Modal>
  );
}
