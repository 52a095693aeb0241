import { Badge, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { scheduleFieldsError, type ScheduleFields } from "../../../core/sqllab/saved-query-list";
import type { QueryEditor } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { currentSchedule, scheduleTabQuery, type CurrentSchedule } from "./schedule-actions";
import { ScheduleFieldsInput } from "./ScheduleFieldsInput";

// "Schedule query" in the editor's toolbar: a cron expression with a start and an end, and, for a query
// scheduled before, when it runs next and how its last run went.

const EMPTY: ScheduleFields = { crontab: "", start: "", end: "" };

export function ScheduleQueryButton({ editor }: { editor: QueryEditor }) {
  const [current, setCurrent] = useState<CurrentSchedule | null>(null);
  const [fields, setFields] = useState<ScheduleFields>(EMPTY);
  const [name, setName] = useState(editor.name);
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const found = await currentSchedule(editor.remoteId);
      setCurrent(found);
      setFields(found.fields ?? EMPTY);
      setName(editor.name);
    } catch (e) {
      showToast("danger", `The query couldn't be loaded: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const error = scheduleFieldsError(fields);
  const save = async () => {
    setBusy(true);
    const ok = await scheduleTabQuery(editor, name.trim() || editor.name, description, fields, current?.extraJson ?? null);
    setBusy(false);
    if (ok) setCurrent(null);
  };
  return (
    <>
      <Button size="xs" variant="default" loading={busy && !current} disabled={!editor.dbId || !editor.sql.trim()} onClick={() => void open()} data-testid="schedule-button">Schedule query</Button>
      <Modal opened={current !== null} onClose={() => setCurrent(null)} title="Schedule query">
        <Stack>
          {!editor.remoteId ? (
            <>
              <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="schedule-name" />
              <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            </>
          ) : null}
          <ScheduleFieldsInput value={fields} onChange={setFields} error={error} />
          {current?.nextRun ? <Text size="xs" c="dimmed">{`Next run ${current.nextRun.replace("T", " ").slice(0, 16)} UTC`}</Text> : null}
          {current?.lastRun ? (
            <Group gap="xs">
              <Badge size="sm" variant="light" color={current.lastRun.status === "success" ? "green" : "red"}>{`last run: ${current.lastRun.status}`}</Badge>
              <Text size="xs" c="dimmed">{[current.lastRun.at?.replace("T", " ").slice(0, 16), current.lastRun.error].filter(Boolean).join(" · ")}</Text>
            </Group>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCurrent(null)}>Cancel</Button>
            <Button loading={busy} disabled={Boolean(error)} onClick={() => void save()} data-testid="schedule-submit">Schedule</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
