import { useState } from "react";
import { Button, Group, Modal, MultiSelect, Stack, Text } from "@mantine/core";
import { useNavigate, useRevalidator } from "@remix-run/react";
import { adminCall } from "../../features/security-admin/admin-api";
import { showToast } from "../../components/toast-store";

interface Props {
  role: { id: number; name: string };
  /** ids of the pairs the role grants now */
  granted: number[];
  choices: { value: string; label: string }[];
  csrfToken: string | null;
}

/** For custom roles only: choose the role's permission pairs, or delete the role. */
export function CustomRoleEditor({ role, granted, choices, csrfToken }: Props) {
  const [selected, setSelected] = useState(granted.map(String));
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const revalidator = useRevalidator();
  const navigate = useNavigate();

  async function save() {
    setSaving(true);
    const result = await adminCall("POST", `/api/v1/security/roles/${role.id}/permissions`, csrfToken, {
      permission_view_menu_ids: selected.map(Number),
    });
    setSaving(false);
    if (!result.ok) {
      showToast("danger", Object.values(result.fieldErrors)[0] ?? result.message);
      return;
    }
    showToast("success", `The permissions of ${role.name} were saved`);
    revalidator.revalidate();
  }

  async function remove() {
    const result = await adminCall("DELETE", `/api/v1/security/roles/${role.id}`, csrfToken);
    setConfirmDelete(false);
    if (!result.ok) {
      showToast("danger", result.message);
      return;
    }
    showToast("success", `Role ${role.name} was deleted`);
    navigate("/roles/");
  }

  return (
    <Stack gap="xs">
      <MultiSelect
        label="Permissions"
        description="Pairs this custom role grants"
        data={choices}
        value={selected}
        onChange={setSelected}
        searchable
        clearable
        hidePickedOptions
        maxDropdownHeight={320}
        data-testid="role-permission-picker"
      />
      <Group>
        <Button onClick={save} loading={saving}>
          Save permissions
        </Button>
        <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
          Delete role
        </Button>
      </Group>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete role">
        <Stack>
          <Text>Delete the role {role.name}? Its users keep their other roles.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={remove}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
