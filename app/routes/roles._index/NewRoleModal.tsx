import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useNavigate } from "@remix-run/react";
import { adminCall } from "../../features/security-admin/admin-api";
import { showToast } from "../../components/toast-store";

/** Names a new custom role, then opens it so its permissions can be chosen. */
export function NewRoleModal({ csrfToken, onClose }: { csrfToken: string | null; onClose: () => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await adminCall("POST", "/api/v1/security/roles/", csrfToken, { name });
    setSaving(false);
    if (!result.ok) {
      setError(result.fieldErrors.name);
      showToast("danger", result.fieldErrors.name ?? result.message);
      return;
    }
    const { id } = result.body as { id: number };
    showToast("success", `Role ${name.trim()} was created`);
    navigate(`/roles/${id}/`);
  }

  return (
    <Modal opened onClose={onClose} title="Add role">
      <form onSubmit={create} noValidate>
        <Stack>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
