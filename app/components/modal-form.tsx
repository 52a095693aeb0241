import { useState, type FormEvent } from "react";
import { Button, Group } from "@mantine/core";
import type { ApiCallResult } from "./api-call";
import { showToast } from "./toast-store";

// What the list pages' add/edit dialogs share (CSS templates, annotation layers and annotations, tags, row-level
// security rules, users): a save that shows the API's field errors beside their inputs and its message as a
// toast, or says what was saved and hands back to the page; and the Cancel / save buttons under the form.

export function useModalSave(onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  /** The form's submit handler: `call` writes, `done` is the success toast. */
  const submit = (call: () => Promise<ApiCallResult>, done: () => string) => async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const result = await call();
    setSaving(false);
    if (result.ok) {
      showToast("success", done());
      onSaved();
      return;
    }
    setErrors(result.fieldErrors);
    showToast("danger", result.message);
  };
  return { errors, setErrors, saving, submit };
}

export function ModalFormActions({ onCancel, saving, label, testId }: { onCancel: () => void; saving: boolean; label: string; testId?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>Cancel</Button>
      <Button type="submit" loading={saving} data-testid={testId}>{label}</Button>
    </Group>
  );
}
