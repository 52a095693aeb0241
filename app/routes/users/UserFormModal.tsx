import { useState } from "react";
import { Modal, MultiSelect, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
import { adminCall } from "../../features/security-admin/admin-api";

export interface EditableUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: { id: number; name: string }[];
}

interface Props {
  /** null: create a new user; otherwise edit this one */
  user: EditableUser | null;
  roles: { id: number; name: string }[];
  csrfToken: string | null;
  /** the signed-in admin cannot deactivate themselves (the API refuses it too) */
  isSelf: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a user: names, email, password (required only when creating), roles and active flag. */
export function UserFormModal({ user, roles, csrfToken, isSelf, onClose, onSaved }: Props) {
  const creating = user === null;
  const [fields, setFields] = useState({
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    username: user?.username ?? "",
    email: user?.email ?? "",
    password: "",
    roles: (user?.roles ?? []).map((r) => String(r.id)),
    active: user?.active ?? true,
  });
  const { errors, saving, submit } = useModalSave(onSaved);
  const set = (name: keyof typeof fields) => (value: string | string[] | boolean) => setFields((f) => ({ ...f, [name]: value }));

  const save = submit(() => {
    const body: Record<string, unknown> = {
      first_name: fields.first_name,
      last_name: fields.last_name,
      username: fields.username,
      email: fields.email,
      roles: fields.roles.map(Number),
    };
    if (creating || fields.password) body.password = fields.password;
    if (!creating && !isSelf) body.active = fields.active;
    return creating ? adminCall("POST", "/api/v1/security/users/", csrfToken, body) : adminCall("PUT", `/api/v1/security/users/${user.id}`, csrfToken, body);
  }, () => (creating ? `User ${fields.username} was created` : `User ${fields.username} was saved`));

  return (
    <Modal opened onClose={onClose} title={creating ? "Add user" : `Edit ${user.username}`} size="lg">
      <form onSubmit={save} noValidate data-testid="user-form">
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput label="First name" required value={fields.first_name} onChange={(e) => set("first_name")(e.currentTarget.value)} error={errors.first_name} />
            <TextInput label="Last name" required value={fields.last_name} onChange={(e) => set("last_name")(e.currentTarget.value)} error={errors.last_name} />
          </SimpleGrid>
          <TextInput label="Username" required value={fields.username} onChange={(e) => set("username")(e.currentTarget.value)} error={errors.username} autoComplete="off" />
          <TextInput label="Email" type="email" required value={fields.email} onChange={(e) => set("email")(e.currentTarget.value)} error={errors.email} />
          <PasswordInput
            label="Password"
            required={creating}
            description={creating ? undefined : "Leave blank to keep the current password"}
            value={fields.password}
            onChange={(e) => set("password")(e.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
          />
          <MultiSelect
            label="Roles"
            required
            data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={fields.roles}
            onChange={set("roles")}
            error={errors.roles}
            searchable
            data-testid="user-roles"
          />
          {!creating && (
            <Switch
              label="Active"
              checked={fields.active}
              disabled={isSelf}
              description={isSelf ? "You cannot deactivate your own user" : undefined}
              onChange={(e) => set("active")(e.currentTarget.checked)}
            />
          )}
          <ModalFormActions onCancel={onClose} saving={saving} label="Save" />
        </Stack>
      </form>
    </Modal>
  );
}
