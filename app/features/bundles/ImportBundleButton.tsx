import { useState } from "react";
import { Alert, Button, FileInput, Group, List, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "../../i18n/react";
import type { RootData } from "../../root";
import { showToast } from "../../components/toast-store";
import { importProblems, type ImportProblems } from "./import-errors";
import { importSummary, type ImportNotes } from "../../../core/bundles/legacy-notes";

// Superset's import modal on a list page: pick a bundle ZIP, send it to /api/v1/<resource>/import/; when objects
// already exist, ask for "OVERWRITE" and send overwrite=true; when databases need passwords, ask for each.

export type BundleResource = "dashboard" | "chart" | "dataset" | "database" | "saved_query" | "rowlevelsecurity";

const NOUNS: Record<BundleResource, [string, string]> = {
  dashboard: ["dashboard", "dashboards"], chart: ["chart", "charts"], dataset: ["dataset", "datasets"],
  database: ["database", "databases"], saved_query: ["query", "queries"], rowlevelsecurity: ["rule", "rules"],
};

// row-level security rules travel as preset-cli's rls.yaml rather than a ZIP bundle
const FILE_KIND: Partial<Record<BundleResource, { accept: string; placeholder: string }>> = {
  rowlevelsecurity: { accept: ".yaml,.yml,application/x-yaml", placeholder: "Select a rules file (rls.yaml)" },
};

export function ImportBundleButton({ resource }: { resource: BundleResource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [one] = NOUNS[resource];
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="bundle-import">{t("Import")}</Button>
      {open && <ImportModal resource={resource} onClose={() => setOpen(false)} title={`Import ${one}`} />}
    </>
  );
}

function ImportModal({ resource, onClose, title }: { resource: BundleResource; onClose: () => void; title: string }) {
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<ImportProblems | null>(null);
  const [confirm, setConfirm] = useState("");
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [one, many] = NOUNS[resource];
  const needsOverwrite = Boolean(problems?.needsOverwrite.length);
  const ready = file !== null && (!needsOverwrite || confirm === "OVERWRITE") && (problems?.needsPassword ?? []).every((f) => passwords[f]);

  async function submit() {
    if (!file) return;
    setBusy(true);
    const form = new FormData();
    form.append("formData", file);
    if (Object.keys(passwords).length) form.append("passwords", JSON.stringify(passwords));
    if (needsOverwrite) form.append("overwrite", "true");
    try {
      const res = await fetch(`/api/v1/${resource}/import/`, { method: "POST", body: form, credentials: "same-origin", headers: csrfToken ? { "X-CSRFToken": csrfToken } : {} });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        // the answer lists the legacy charts migrated to today's types and those waiting for a new type
        const what = `${one[0].toUpperCase()}${one.slice(1)}${resource === "rowlevelsecurity" ? "s" : ""}`;
        const notes = body && typeof body === "object" ? (body as Partial<ImportNotes>) : null;
        const legacy = Boolean(notes?.migrated?.length || notes?.unavailable?.length);
        showToast("success", importSummary(what, notes), legacy ? { duration: 15_000 } : {});
        revalidator.revalidate();
        onClose();
        return;
      }
      setProblems(importProblems(body));
    } catch {
      setProblems({ needsOverwrite: [], needsPassword: [], other: ["Network error"] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} data-testid="bundle-import-modal">
      <Stack>
        <FileInput label="File" placeholder={FILE_KIND[resource]?.placeholder ?? "Select a ZIP bundle"} accept={FILE_KIND[resource]?.accept ?? ".zip,application/zip"} value={file} clearable
          onChange={(f) => { setFile(f); setProblems(null); setConfirm(""); setPasswords({}); }} data-testid="bundle-import-file" />
        {problems?.other.length ? (
          <Alert color="red" title="The bundle cannot be imported" data-testid="bundle-import-errors">
            <List size="sm">{problems.other.map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        ) : null}
        {problems?.needsPassword.length ? (
          <Stack gap="xs">
            <Text size="sm">The passwords for the databases below are needed in order to import them together with the {many}.</Text>
            {problems.needsPassword.map((f) => (
              <PasswordInput key={f} label={`${f} password`} value={passwords[f] ?? ""} onChange={(e) => setPasswords({ ...passwords, [f]: e.currentTarget.value })}
                data-testid="bundle-import-password" />
            ))}
          </Stack>
        ) : null}
        {needsOverwrite ? (
          <Stack gap="xs">
            <Alert color="yellow" data-testid="bundle-import-overwrite">
              You are importing one or more {many} that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?
            </Alert>
            <TextInput label='Type "OVERWRITE" to confirm' value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} data-testid="bundle-import-confirm" />
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={busy} data-testid="bundle-import-submit">{needsOverwrite ? "Overwrite" : "Import"}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The export of the given ids as Superset's ZIP, downloaded by the browser from the export endpoint. */
export function exportHref(resource: BundleResource, ids: number[]): string {
  return `/api/v1/${resource}/export/?q=${encodeURIComponent(`!(${ids.join(",")})`)}`;
}

export function ExportButton({ resource, id, name }: { resource: BundleResource; id: number; name: string }) {
  const { t } = useTranslation();
  return (
    // the row's name stays out of the accessible name, which must not compete with the row's own link
    <Button component="a" href={exportHref(resource, [id])} download size="xs" variant="subtle" title={t("Export {{name}} as a ZIP bundle", { name })} data-testid="bundle-export">
      {t("Export")}
    </Button>
  );
}
