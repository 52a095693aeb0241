import { useState, type FormEvent } from "react";
import { Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
import { apiCall } from "../../components/api-call";

interface Props {
  /** null: a new template */
  template: { id: number; template_name: string | null; css: string | null } | null;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Superset's CssTemplateModal: a name and the CSS a dashboard can load, saved through the API. */
export function CssTemplateModal({ template, csrfToken, onClose, onSaved }: Props) {
  const [name, setName] = useState(template?.template_name ?? "");
  const [css, setCss] = useState(template?.css ?? "");
  const { errors, setErrors, saving, submit } = useModalSave(onSaved);

  const write = submit(() => {
    const body = { template_name: name.trim(), css };
    return template ? apiCall("PUT", `/api/v1/css_template/${template.id}`, csrfToken, body) : apiCall("POST", "/api/v1/css_template/", csrfToken, body);
  }, () => (template ? `CSS template ${name.trim()} was saved` : `CSS template ${name.trim()} was added`));
  const save = (event: FormEvent) => {
    // the API takes an empty name; a template nobody can tell apart in the dashboard's CSS menu is refused here
    if (name.trim()) return write(event);
    event.preventDefault();
    setErrors({ template_name: "Name is required" });
  };

  return (
    <Modal opened onClose={onClose} title={template ? "Edit CSS template" : "Add CSS template"} size="lg">
      <form onSubmit={save} noValidate data-testid="css-template-form">
        <Stack>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.template_name} data-testid="css-template-name" />
          <Textarea label="CSS" autosize minRows={8} maxRows={20} value={css} onChange={(e) => setCss(e.currentTarget.value)} error={errors.css}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} spellCheck={false} data-testid="css-template-css" />
          <ModalFormActions onCancel={onClose} saving={saving} label={template ? "Save" : "Add"} testId="css-template-save" />
        </Stack>
      </form>
    </Modal>
  );
}
