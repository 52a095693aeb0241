import { useState } from "react";
import { Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
import { apiCall } from "../../components/api-call";
import type { AnnotationListItem } from "../../../db/annotations/list";

interface Props {
  layerId: number;
  /** null: a new annotation */
  annotation: AnnotationListItem | null;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The API's UTC timestamp ("2024-03-01T12:00:00.000") as a datetime-local input's value ("2024-03-01T12:00"). */
const toInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

/** Superset's AnnotationModal: label, start and end (UTC), description and JSON metadata, saved through the layer's API. */
export function AnnotationModal({ layerId, annotation, csrfToken, onClose, onSaved }: Props) {
  const [fields, setFields] = useState({
    short_descr: annotation?.short_descr ?? "",
    start_dttm: toInput(annotation?.start_dttm ?? null),
    end_dttm: toInput(annotation?.end_dttm ?? null),
    long_descr: annotation?.long_descr ?? "",
    json_metadata: annotation?.json_metadata ?? "",
  });
  const { errors, saving, submit } = useModalSave(onSaved);
  const set = (name: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
  };

  const save = submit(() => {
    // an annotation at one moment has no separate end: the start stands for both, as Superset's single-date picker
    const body = { ...fields, end_dttm: fields.end_dttm || fields.start_dttm, long_descr: fields.long_descr || null, json_metadata: fields.json_metadata || null };
    const base = `/api/v1/annotation_layer/${layerId}/annotation/`;
    return annotation ? apiCall("PUT", `${base}${annotation.id}`, csrfToken, body) : apiCall("POST", base, csrfToken, body);
  }, () => (annotation ? `Annotation ${fields.short_descr} was saved` : `Annotation ${fields.short_descr} was added`));

  return (
    <Modal opened onClose={onClose} title={annotation ? "Edit annotation" : "Add annotation"} size="lg">
      <form onSubmit={save} noValidate data-testid="annotation-form">
        <Stack>
          <TextInput label="Label" required value={fields.short_descr} onChange={set("short_descr")} error={errors.short_descr} data-testid="annotation-label" />
          <Group grow>
            <TextInput label="Start (UTC)" type="datetime-local" required value={fields.start_dttm} onChange={set("start_dttm")} error={errors.start_dttm} data-testid="annotation-start" />
            <TextInput label="End (UTC)" type="datetime-local" value={fields.end_dttm} onChange={set("end_dttm")} error={errors.end_dttm} data-testid="annotation-end"
              description="Empty: the same as the start" />
          </Group>
          <Textarea label="Description" autosize minRows={2} value={fields.long_descr} onChange={set("long_descr")} error={errors.long_descr} data-testid="annotation-descr" />
          <Textarea label="JSON metadata" autosize minRows={2} value={fields.json_metadata} onChange={set("json_metadata")} error={errors.json_metadata}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} spellCheck={false} data-testid="annotation-json" />
          <ModalFormActions onCancel={onClose} saving={saving} label={annotation ? "Save" : "Add"} testId="annotation-save" />
        </Stack>
      </form>
    </Modal>
  );
}
