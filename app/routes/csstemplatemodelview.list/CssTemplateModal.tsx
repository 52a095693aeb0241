import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { showToast } from "../../components/toast-store";
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    // the API takes an empty name; a template nobody can tell apart in the dashboard's CSS menu is refused here
    if (!name.trim()) {
      setErrors({ template_name: "Name is required" });
      return;
    }
    setSaving(true);
    const body = { template_name: name.trim(), css };
    const result = template ? await apiCall("PUT", `/api/v1/css_template/${template.id}`, csrfToken, body) : await apiCall("POST", "/api/v1/css_template/", csrfToken, body);
    setSaving(false);
    if (result.ok) {
      showToast("success", template ? `CSS template ${body.template_name} was saved` : `CSS template ${body.template_name} was added`);
      onSaved();
      return;
    }
    setErrors(result.fieldErrors);
    showToast("danger", result.message);
  }

  return (
    <Modal opened onClose={onClose} title={template ? "Edit CSS template" : "Add CSS template"} size="lg">
      <form onSubmit={save} noValidate data-testid="css-template-form">
        <Stack>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.template_name} data-testid="css-template-name" />
          <Textarea label="CSS" autosize minRows={8} maxRows={20} value={css} onChange={(e) => setCss(e.currentTarget.value)} error={errors.css}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} spellCheck={false} data-testid="css-template-css" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving} data-testid="css-template-save">{template ? "Save" : "Add"}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
