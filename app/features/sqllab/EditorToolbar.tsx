import { Alert, Button, Group, Kbd, Modal, Popover, Select, Stack, Table as MTable, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { limitOptions } from "../../../core/sqllab/limits";
import { isActive } from "../../../core/sqllab/query-state";
import type { Query, QueryEditor } from "../../../core/sqllab/types";
import { ScheduleQueryButton } from "./ScheduleQueryButton";
import { ShareQueryButton } from "./ShareQueryButton";
import { chordLabel, detectPlatform, shortcutsFor } from "./shortcuts";
import { sqlLabStore } from "./store";
import { editTab, saveTabQuery } from "./tab-actions";
import { editsChanged } from "./sync";
import { useTranslation } from "../../i18n/react";

// The editor's buttons: Run / Stop, limit, Format, Estimate, template parameters, Save, Schedule, Copy link, shortcuts.

/** Template parameters are JSON text; an empty text is no parameters. */
export function parseTemplateParams(text: string | null | undefined): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (!text || !text.trim()) return { ok: true, value: {} };
  try {
    const v = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v)) return { ok: true, value: v };
  } catch {
    // fall through
  }
  return { ok: false, error: "Template parameters must be valid JSON" };
}

interface Props {
  editor: QueryEditor;
  latest: Query | undefined;
  onRun: () => void;
  onStop: () => void;
  onFormat: () => void;
  onEstimate: () => void;
}

export function EditorToolbar({ editor, latest, onRun, onStop, onFormat, onEstimate }: Props) {
  const snap = useSnapshot(sqlLabStore);
  const running = latest ? isActive(latest.state) : false;
  const estimate = snap.state.queryCostEstimates[editor.id];
  const selected = Boolean(editor.selectedText?.trim());
  const limit = Math.min(editor.queryLimit ?? snap.config.defaultQueryLimit, snap.config.maxRow);
  const limits = limitOptions(snap.config.maxRow, limit);
  const params = parseTemplateParams(editor.templateParams);
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" py={4}>
      <Group gap="xs">
        {running ? (
          <Button size="xs" color="red" onClick={onStop} data-testid="stop-button">{t("Stop")}</Button>
        ) : (
          <Button size="xs" onClick={onRun} disabled={!editor.dbId || !params.ok} data-testid="run-button">{selected ? t("Run selection") : t("Run")}</Button>
        )}
        <Select
          size="xs"
          w={130}
          aria-label={t("Query limit")}
          data-testid="limit-select"
          data={limits.map((l) => ({ value: String(l), label: `LIMIT: ${l.toLocaleString("en-US")}` }))}
          value={String(limit)}
          onChange={(v) => v && (editTab(editor.id, { queryLimit: Number(v) }), editsChanged())}
          allowDeselect={false}
        />
        <Popover width={360} position="bottom" withArrow onOpen={onEstimate}>
          <Popover.Target>
            <Button size="xs" variant="default" disabled={!editor.dbId} data-testid="estimate-button">{t("Estimate cost")}</Button>
          </Popover.Target>
          <Popover.Dropdown data-testid="estimate-popover">
            {!estimate || (!estimate.completed && !estimate.error) ? <Text size="sm">{t("Estimating…")}</Text> : null}
            {estimate?.error ? <Alert color="red" title={t("Estimate failed")}>{estimate.error}</Alert> : null}
            {estimate?.completed && estimate.cost ? <CostTable cost={estimate.cost as Record<string, unknown>[]} /> : null}
          </Popover.Dropdown>
        </Popover>
        <Button size="xs" variant="default" onClick={onFormat} data-testid="format-button">{t("Format SQL")}</Button>
        <TemplateParamsButton editor={editor} />
      </Group>
      <Group gap="xs">
        <SaveQueryButton editor={editor} />
        <ScheduleQueryButton editor={editor} />
        <ShareQueryButton editor={editor} />
        <ShortcutsHelp />
      </Group>
    </Group>
  );
}

function CostTable({ cost }: { cost: Record<string, unknown>[] }) {
  const columns = [...new Set(cost.flatMap((r) => Object.keys(r)))];
  return (
    <MTable data-testid="estimate-table">
      <MTable.Thead>
        <MTable.Tr>{columns.map((c) => <MTable.Th key={c}>{c}</MTable.Th>)}</MTable.Tr>
      </MTable.Thead>
      <MTable.Tbody>
        {cost.map((r, i) => (
          <MTable.Tr key={i}>{columns.map((c) => <MTable.Td key={c}>{String(r[c] ?? "")}</MTable.Td>)}</MTable.Tr>
        ))}
      </MTable.Tbody>
    </MTable>
  );
}

function TemplateParamsButton({ editor }: { editor: QueryEditor }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(editor.templateParams ?? "");
  const parsed = parseTemplateParams(text);
  const count = parseTemplateParams(editor.templateParams);
  const { t } = useTranslation();
  const n = count.ok ? Object.keys(count.value).length : 0;
  return (
    <>
      <Button size="xs" variant="default" onClick={() => (setText(editor.templateParams ?? ""), setOpen(true))} data-testid="template-params-button">
        {n ? t("Parameters ({{n}})", { n }) : t("Parameters")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("Template parameters")}>
        <Stack>
          <Text size="sm">{t("Assign a set of parameters as JSON below; they are available in the query as Jinja-style variables.")}</Text>
          <Textarea autosize minRows={6} ff="monospace" value={text} onChange={(e) => setText(e.currentTarget.value)} error={parsed.ok ? null : t("Template parameters must be valid JSON")} data-testid="template-params-input" />
          <Group justify="flex-end">
            <Button disabled={!parsed.ok} onClick={() => (editTab(editor.id, { templateParams: text.trim() ? text : null }), editsChanged(), setOpen(false))}>{t("Apply")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function SaveQueryButton({ editor }: { editor: QueryEditor }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(editor.name);
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const save = async (asNew: boolean) => {
    setBusy(true);
    await saveTabQuery(editor, name.trim() || editor.name, description, asNew);
    setBusy(false);
    setOpen(false);
  };
  return (
    <>
      <Button size="xs" variant="default" onClick={() => (setName(editor.name), setOpen(true))} disabled={!editor.dbId} data-testid="save-button">{t("Save")}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("Save query")}>
        <Stack>
          <TextInput label={t("Name")} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="save-query-name" />
          <Textarea label={t("Description")} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>{t("Cancel")}</Button>
            {editor.remoteId ? <Button variant="default" loading={busy} onClick={() => void save(true)}>{t("Save as new")}</Button> : null}
            <Button loading={busy} onClick={() => void save(false)} data-testid="save-query-confirm">{editor.remoteId ? t("Update") : t("Save")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ShortcutsHelp() {
  // The platform is read in the browser only: the server renders the Windows/Linux list.
  const [platform, setPlatform] = useState<ReturnType<typeof detectPlatform>>("linux");
  useEffect(() => setPlatform(detectPlatform(navigator)), []);
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="xs" variant="subtle" data-testid="shortcuts-button">{t("Keyboard shortcuts")}</Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="shortcuts-list">
        <Stack gap={4}>
          {shortcutsFor(platform).map((s) => {
            const keys = chordLabel(s.chord, platform);
            return (
              <Group key={keys} justify="space-between">
                <Kbd size="xs">{keys}</Kbd>
                <Text size="xs">{s.description}</Text>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
