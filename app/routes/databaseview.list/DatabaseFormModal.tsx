import { CODE_INPUT_STYLES } from "../../components/code-input";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Center, Checkbox, Code, Divider, Group, Loader, Modal, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import {
  connectionProblems, connectionUri, emptyConnectionForm, ENGINE_CHOICES, formFromStored, savePayload, testConnectionPayload, withEngine,
  type ConnectionForm, type StoredConnection,
} from "../../../core/connectors/connection-form";
import { maskUri } from "../../../core/connectors/uri";
import { ENGINES, engineSpec } from "../../../core/engines/registry";
import { showToast } from "../../components/toast-store";
import { databaseApi } from "./database-api";

interface Props {
  /** null: connect a new database; otherwise edit this one */
  databaseId: number | null;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: () => void;
}

type TestResult = { ok: boolean; text: string } | null;

/** Server field names that are not a field of this form are shown with the connection. */
const CONNECTION_FIELDS = ["sqlalchemy_uri", "parameters", "engine"];

/** Connect a database or edit one: engine, URI or connection fields, display name, flags and extra JSON. */
export function DatabaseFormModal({ databaseId, csrfToken, onClose, onSaved }: Props) {
  const creating = databaseId === null;
  const [form, setForm] = useState<ConnectionForm | null>(creating ? emptyConnectionForm() : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tested, setTested] = useState<TestResult>(null);
  const [busy, setBusy] = useState<"test" | "save" | null>(null);
  // the parent passes a new onClose each render: read it through a ref so loading runs once
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (creating) return;
    let live = true;
    databaseApi<{ result: StoredConnection }>("GET", `/api/v1/database/${databaseId}/connection`, csrfToken).then((res) => {
      if (!live) return;
      if (res.ok) setForm(formFromStored(res.body.result));
      else {
        showToast("danger", res.message);
        closeRef.current();
      }
    });
    return () => {
      live = false;
    };
  }, [creating, databaseId, csrfToken]);

  const update = (changes: Partial<ConnectionForm>) => {
    setForm((f) => (f ? { ...f, ...changes } : f));
    setTested(null);
  };

  async function testConnection() {
    if (!form) return;
    const problems = connectionProblems(form, "test");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy("test");
    const res = await databaseApi("POST", "/api/v1/database/test_connection/", csrfToken, testConnectionPayload(form, databaseId));
    setBusy(null);
    setTested(res.ok ? { ok: true, text: "Connection looks good!" } : { ok: false, text: res.message });
    if (!res.ok) setErrors(res.fieldErrors);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!form) return;
    const problems = connectionProblems(form, "save");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy("save");
    const body = savePayload(form);
    const res = creating
      ? await databaseApi("POST", "/api/v1/database/", csrfToken, body)
      : await databaseApi("PUT", `/api/v1/database/${databaseId}`, csrfToken, body);
    setBusy(null);
    if (res.ok) {
      showToast("success", creating ? `Database ${body.database_name} was connected` : `Database ${body.database_name} was saved`);
      onSaved();
      return;
    }
    setErrors(res.fieldErrors);
    showToast("danger", res.message);
  }

  const connectionError = Object.entries(errors).find(([k]) => CONNECTION_FIELDS.includes(k))?.[1];

  return (
    <Modal opened onClose={onClose} title={creating ? "Connect a database" : `Edit ${form?.database_name ?? "database"}`} size="xl">
      {!form ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : (
        <form onSubmit={save} noValidate data-testid="database-form">
          <Stack>
            <SegmentedControl
              data={ENGINE_CHOICES}
              value={form.engine}
              onChange={(engine) => ENGINES.isEngine(engine) && update(withEngine(form, engine))}
              disabled={!creating}
              data-testid="database-engine"
            />
            {form.engine === "d1" ? (
              <TextInput
                label="Binding"
                description="The name of a D1 binding on the data-source allowlist, e.g. EXAMPLES"
                required
                value={form.database}
                onChange={(e) => update({ database: e.currentTarget.value })}
                error={errors.database}
              />
            ) : (
              <ConnectionFields form={form} errors={errors} update={update} />
            )}
            {connectionError && <Text c="red" size="sm">{connectionError}</Text>}
            <Group>
              <Button variant="light" onClick={testConnection} loading={busy === "test"} data-testid="test-connection">
                Test connection
              </Button>
              {tested && (
                <Alert color={tested.ok ? "teal" : "red"} py={6} data-testid="test-connection-result" style={{ flex: 1 }}>
                  {tested.text}
                </Alert>
              )}
            </Group>
            <TextInput
              label="Display name"
              description="Pick a name to help you identify this database."
              required
              value={form.database_name}
              onChange={(e) => update({ database_name: e.currentTarget.value })}
              error={errors.database_name}
            />
            <Divider label="SQL Lab" labelPosition="left" />
            <SimpleGrid cols={2}>
              <Checkbox label="Expose database in SQL Lab" checked={form.expose_in_sqllab} onChange={(e) => update({ expose_in_sqllab: e.currentTarget.checked })} />
              <Checkbox label="Asynchronous query execution" checked={form.allow_run_async} onChange={(e) => update({ allow_run_async: e.currentTarget.checked })} />
              <Checkbox
                label="Allow DML"
                description="Allow statements that write (INSERT, UPDATE, DELETE, DDL …)"
                checked={form.allow_dml}
                onChange={(e) => update({ allow_dml: e.currentTarget.checked })}
              />
              <Checkbox label="Allow CREATE TABLE AS" checked={form.allow_ctas} onChange={(e) => update({ allow_ctas: e.currentTarget.checked })} />
              <Checkbox label="Allow CREATE VIEW AS" checked={form.allow_cvas} onChange={(e) => update({ allow_cvas: e.currentTarget.checked })} />
            </SimpleGrid>
            {(form.allow_ctas || form.allow_cvas) && (
              <TextInput
                label="CTAS & CVAS schema"
                description="Force all tables and views created by CTAS or CVAS in SQL Lab into this schema"
                value={form.force_ctas_schema}
                onChange={(e) => update({ force_ctas_schema: e.currentTarget.value })}
                error={errors.force_ctas_schema}
              />
            )}
            <Divider label="Performance and other settings" labelPosition="left" />
            <TextInput
              label="Chart cache timeout"
              description="Seconds; blank uses the global default, -1 bypasses the cache"
              value={form.cache_timeout}
              onChange={(e) => update({ cache_timeout: e.currentTarget.value })}
              error={errors.cache_timeout}
              w={260}
            />
            <Textarea
              label="Extra"
              description='JSON object of additional settings, e.g. {"disable_data_preview": true}'
              autosize
              minRows={3}
              styles={CODE_INPUT_STYLES}
              value={form.extra}
              onChange={(e) => update({ extra: e.currentTarget.value })}
              error={errors.extra}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy === "save"}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

interface FieldsProps {
  form: ConnectionForm;
  errors: Record<string, string>;
  update: (changes: Partial<ConnectionForm>) => void;
}

/** PostgreSQL and MySQL: host, port … fields that build the URI, or the URI typed in. */
function ConnectionFields({ form, errors, update }: FieldsProps) {
  const placeholder = engineSpec(form.engine).form.uriPlaceholder;
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        w={360}
        data={[
          { value: "fields", label: "Connection fields" },
          { value: "uri", label: "SQLAlchemy URI" },
        ]}
        value={form.mode}
        // switching to the URI shows what the fields describe, so nothing typed is lost
        onChange={(mode) => update(mode === "uri" ? { mode: "uri", sqlalchemy_uri: connectionUri(form) } : { mode: "fields" })}
        data-testid="connection-mode"
      />
      {form.mode === "uri" ? (
        <TextInput
          label="SQLAlchemy URI"
          description="Refer to your database's documentation for the connection string. A masked password keeps the saved one."
          placeholder={placeholder}
          required
          value={form.sqlalchemy_uri}
          onChange={(e) => update({ sqlalchemy_uri: e.currentTarget.value })}
          error={errors.sqlalchemy_uri}
          autoComplete="off"
        />
      ) : (
        <>
          <SimpleGrid cols={2}>
            <TextInput label="Host" required value={form.host} onChange={(e) => update({ host: e.currentTarget.value })} error={errors.host} autoComplete="off" />
            <TextInput label="Port" required value={form.port} onChange={(e) => update({ port: e.currentTarget.value })} error={errors.port} inputMode="numeric" />
          </SimpleGrid>
          <TextInput label="Database name" required value={form.database} onChange={(e) => update({ database: e.currentTarget.value })} error={errors.database} />
          <SimpleGrid cols={2}>
            <TextInput label="Username" value={form.username} onChange={(e) => update({ username: e.currentTarget.value })} autoComplete="off" />
            <PasswordInput
              label="Password"
              description={form.hasStoredPassword ? "Leave blank to keep the saved password" : undefined}
              value={form.password}
              onChange={(e) => update({ password: e.currentTarget.value })}
              autoComplete="new-password"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Connection string: <Code data-testid="built-uri">{maskUri(connectionUri(form))}</Code>
          </Text>
        </>
      )}
    </Stack>
  );
}
