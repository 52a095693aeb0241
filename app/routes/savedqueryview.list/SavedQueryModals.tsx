import { CODE_INPUT_STYLES } from "../../components/code-input";
import { Badge, Button, Checkbox, Code, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { lastRunOf, savedQueryLink, scheduleFieldsError, scheduleFieldsOf, type ScheduleFields } from "../../../core/sqllab/saved-query-list";
import type { SavedQueryItem } from "../../features/sqllab/list-api";
import { copyText } from "../../features/sqllab/clipboard";
import { ScheduleFieldsInput } from "../../features/sqllab/ScheduleFieldsInput";
import type { SavedQueryEdit } from "./saved-query-actions";

// The dialogs of the Saved queries page: preview (with previous/next), edit (name, description, SQL and
// the schedule), and a confirmation before deleting.

export function PreviewModal({ items, index, onIndex, onClose }: { items: SavedQueryItem[]; index: number | null; onIndex: (i: number) => void; onClose: () => void }) {
  const item = index === null ? undefined : items[index];
  return (
    <Modal opened={Boolean(item)} onClose={onClose} title={item ? `Query preview: ${item.label}` : ""} size="xl">
      {item ? (
        <Stack data-testid="saved-query-preview">
          <Text size="sm" c="dimmed">{[item.database?.database_name, item.schema].filter(Boolean).join(" · ")}</Text>
          {item.description ? <Text size="sm">{item.description}</Text> : null}
          <Code block style={{ maxHeight: 400, overflow: "auto", whiteSpace: "pre-wrap" }} data-testid="saved-query-preview-sql">{item.sql}</Code>
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={index === 0} onClick={() => onIndex(index! - 1)}>Previous</Button>
              <Button variant="default" size="xs" disabled={index === items.length - 1} onClick={() => onIndex(index! + 1)}>Next</Button>
            </Group>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => void copyText(savedQueryLink(location.origin, item.id))}>Copy query URL</Button>
              <Button size="xs" component="a" href={`/sqllab/?savedQueryId=${item.id}`}>Open in SQL Lab</Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function LastRunBadge({ extraJson }: { extraJson: string | null }) {
  const last = lastRunOf(extraJson);
  if (!last) return null;
  const title = [last.at ? `Last run ${last.at.replace("T", " ").slice(0, 16)} UTC` : "", last.rows !== null ? `${last.rows} rows` : "", last.error ?? ""].filter(Boolean).join(" · ");
  return (
    <Badge size="xs" variant="light" color={last.status === "success" ? "green" : "red"} title={title} data-testid="last-run">
      {`last run: ${last.status}`}
    </Badge>
  );
}

const EMPTY_SCHEDULE: ScheduleFields = { crontab: "", start: "", end: "" };

export function EditModal({ item, onClose, onSave }: { item: SavedQueryItem | null; onClose: () => void; onSave: (edit: SavedQueryEdit) => Promise<boolean> }) {
  const [label, setLabel] = useState("");
  const [description, setDescription] = useState("");
  const [sql, setSql] = useState("");
  const [scheduled, setScheduled] = useState(false);
  const [schedule, setSchedule] = useState<ScheduleFields>(EMPTY_SCHEDULE);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!item) return;
    const current = scheduleFieldsOf(item.extra_json);
    setLabel(item.label);
    setDescription(item.description ?? "");
    setSql(item.sql);
    setScheduled(Boolean(current));
    setSchedule(current ?? EMPTY_SCHEDULE);
  }, [item]);
  const scheduleError = scheduled ? scheduleFieldsError(schedule) : null;
  const save = async () => {
    setBusy(true);
    const ok = await onSave({ label: label.trim(), description, sql, schedule: scheduled ? schedule : null });
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal opened={item !== null} onClose={onClose} title="Edit saved query" size="lg">
      <Stack>
        <TextInput label="Name" value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={label.trim() ? null : "A name is required"} data-testid="edit-query-name" />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        <Textarea label="SQL" value={sql} onChange={(e) => setSql(e.currentTarget.value)} autosize minRows={5} maxRows={16} styles={CODE_INPUT_STYLES} data-testid="edit-query-sql" />
        <Checkbox label="Run on a schedule" checked={scheduled} onChange={(e) => setScheduled(e.currentTarget.checked)} data-testid="edit-query-scheduled" />
        {scheduled ? (
          <Stack gap="xs">
            <ScheduleFieldsInput value={schedule} onChange={setSchedule} error={scheduleError} />
            {item?.extra?.next_run ? <Text size="xs" c="dimmed">{`Next run ${String(item.extra.next_run).replace("T", " ").slice(0, 16)} UTC`}</Text> : null}
            {item ? <LastRunBadge extraJson={item.extra_json} /> : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button loading={busy} disabled={!label.trim() || Boolean(scheduleError)} onClick={() => void save()} data-testid="edit-query-save">Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ConfirmDelete({ text, opened, onCancel, onConfirm }: { text: string; opened: boolean; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onCancel} title="Please confirm">
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button color="red" loading={busy} onClick={async () => (setBusy(true), await onConfirm(), setBusy(false))} data-testid="confirm-delete">Delete</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
