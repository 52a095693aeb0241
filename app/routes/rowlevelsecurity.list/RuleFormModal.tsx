import { useState } from "react";
import { Modal, MultiSelect, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { ModalFormActions, useModalSave } from "../../components/modal-form";
import { adminCall } from "../../features/security-admin/admin-api";
import type { RlsListItem } from "../../../core/rls/payloads";

type Option = { value: string; label: string };

interface Props {
  /** null: a new rule */
  rule: RlsListItem | null;
  roles: Option[];
  datasets: Option[];
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

const TYPES = [
  { value: "Regular", label: "Regular (applies to the roles listed)" },
  { value: "Base", label: "Base (applies to everyone except the roles listed)" },
];

/** Superset's RLS modal: name, filter type, datasets, roles, group key, clause and description; saved through the API. */
export function RuleFormModal({ rule, roles, datasets, csrfToken, onClose, onSaved }: Props) {
  const [fields, setFields] = useState({
    name: rule?.name ?? "",
    filter_type: rule?.filter_type ?? "Regular",
    tables: (rule?.tables ?? []).map((t) => String(t.id)),
    roles: (rule?.roles ?? []).map((r) => String(r.id)),
    group_key: rule?.group_key ?? "",
    clause: rule?.clause ?? "",
    description: rule?.description ?? "",
  });
  const { errors, saving, submit } = useModalSave(onSaved);
  const set = (name: keyof typeof fields) => (value: string | string[] | null) => setFields((f) => ({ ...f, [name]: value ?? "" }));

  const save = submit(() => {
    const body = { ...fields, tables: fields.tables.map(Number), roles: fields.roles.map(Number), group_key: fields.group_key || null, description: fields.description || null };
    return rule ? adminCall("PUT", `/api/v1/rowlevelsecurity/${rule.id}`, csrfToken, body) : adminCall("POST", "/api/v1/rowlevelsecurity/", csrfToken, body);
  }, () => (rule ? `Rule ${fields.name} was saved` : `Rule ${fields.name} was added`));

  return (
    <Modal opened onClose={onClose} title={rule ? "Edit Rule" : "Add Rule"} size="lg">
      <form onSubmit={save} noValidate data-testid="rls-form">
        <Stack>
          <TextInput label="Rule name" required value={fields.name} onChange={(e) => set("name")(e.currentTarget.value)} error={errors.name} data-testid="rls-name" />
          <Select label="Filter type" required data={TYPES} value={fields.filter_type} onChange={set("filter_type")} allowDeselect={false} error={errors.filter_type} data-testid="rls-type" />
          <MultiSelect label="Datasets" required data={datasets} value={fields.tables} onChange={set("tables")} searchable error={errors.tables} data-testid="rls-tables"
            description="The rule filters these datasets only. A database view over a protected table is not filtered by the table's rules: add the view's dataset (and any other dataset exposing the rows) here too." />
          <MultiSelect label="Roles" data={roles} value={fields.roles} onChange={set("roles")} searchable error={errors.roles} data-testid="rls-roles"
            description="Regular filters add where clauses to queries if a user belongs to a role listed here. Base filters apply to all queries except the roles listed here." />
          <TextInput label="Group key" value={fields.group_key} onChange={(e) => set("group_key")(e.currentTarget.value)} error={errors.group_key} data-testid="rls-group-key"
            description="Filters with the same group key are ORed together; different groups are ANDed." />
          <Textarea label="Clause" required autosize minRows={2} value={fields.clause} onChange={(e) => set("clause")(e.currentTarget.value)} error={errors.clause} data-testid="rls-clause"
            description="The WHERE condition added to every query on these datasets (and, for their tables, to SQL that names those tables), e.g. department = 'Finance' or owner = {{ current_username() }}. Views are not looked into." />
          <Textarea label="Description" autosize minRows={1} value={fields.description} onChange={(e) => set("description")(e.currentTarget.value)} error={errors.description} />
          <ModalFormActions onCancel={onClose} saving={saving} label="Save" testId="rls-save" />
        </Stack>
      </form>
    </Modal>
  );
}
