import { useEffect, useState } from "react";
import { Alert, Badge, Button, Group, List, Loader, Modal, ScrollArea, Select, Stack, Text, UnstyledButton } from "@mantine/core";
import { apiCall } from "../../components/api-call";
import { showToast } from "../../components/toast-store";
import { CompareDrawn } from "./CompareDrawn";
import type { HistoryType } from "./history-type";

export type { HistoryType } from "./history-type";

// The History panel of a dashboard, chart, dataset or saved query (issue 34): its saves newest first, what a
// chosen one changed from the save before it, or from any other revision picked in "Compare with" (in words, from
// GET …/revisions/{id}?compare_to=), and Restore, confirmed, which is itself a save: the page then reloads the
// restored state. What a restore could not bring back (a chart, dataset or database deleted since) is said in a toast.
// "Compare drawn" shows the chosen revision and the current state (the newest revision) side by side, drawn.

interface Revision {
  id: number;
  revision: number;
  changed_on: string;
  message: string | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}
interface Detail { diff: { area: string; text: string }[]; previous_id: number | null; compare_to?: { revision: number }; state: Record<string, unknown> }
interface NotRestored { type: string; id: number; name: string | null }

const who = (r: Revision) => (r.changed_by ? `${r.changed_by.first_name} ${r.changed_by.last_name}`.trim() || `User ${r.changed_by.id}` : "Unknown user");
const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

export function HistoryModal({ type, id, canRestore, csrfToken, onClose, onRestored }: {
  type: HistoryType; id: number; canRestore: boolean; csrfToken: string | null; onClose: () => void; onRestored: () => void;
}) {
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  // another revision to diff the chosen one against; null: the save just before it
  const [other, setOther] = useState<number | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // the current state, read once "Compare drawn" is first asked for
  const [currentState, setCurrentState] = useState<Record<string, unknown> | null>(null);
  const base = `/api/v1/${type}/${id}/revisions`;

  useEffect(() => {
    void apiCall<{ result: Revision[] }>("GET", base, csrfToken).then((res) => {
      if (!res.ok) return setFailure(res.message);
      setRevisions(res.body.result);
      setChosen(res.body.result[0]?.id ?? null);
    });
  }, [base, csrfToken]);

  useEffect(() => {
    setDetail(null);
    setConfirming(false);
    if (chosen === null) return;
    const compare = other !== null && other !== chosen ? `?compare_to=${other}` : "";
    void apiCall<{ result: Detail }>("GET", `${base}/${chosen}${compare}`, csrfToken).then((res) => (res.ok ? setDetail(res.body.result) : setFailure(res.message)));
  }, [base, chosen, other, csrfToken]);

  const newestId = revisions?.[0]?.id;
  useEffect(() => {
    if (!drawn || currentState || newestId === undefined) return;
    void apiCall<{ result: Detail }>("GET", `${base}/${newestId}`, csrfToken).then((res) => (res.ok ? setCurrentState(res.body.result.state) : setFailure(res.message)));
  }, [drawn, currentState, newestId, base, csrfToken]);

  const restore = async () => {
    setRestoring(true);
    const res = await apiCall<{ result: { restored_revision: number; not_restored: NotRestored[] } }>("POST", `${base}/${chosen}/restore`, csrfToken, {});
    setRestoring(false);
    if (!res.ok) return setFailure(res.message);
    const missing = res.body.result.not_restored;
    showToast(missing.length ? "warning" : "success", missing.length
      ? `Restored revision ${res.body.result.restored_revision}, except what was deleted since: ${missing.map((m) => `${m.type} ${m.name ?? `#${m.id}`}`).join(", ")}`
      : `Restored revision ${res.body.result.restored_revision}`);
    onRestored();
  };

  const current = revisions?.find((r) => r.id === chosen);
  return (
    <Modal opened onClose={onClose} title="History" size={drawn ? "95%" : "xl"} data-testid="history-modal">
      {failure && <Alert color="red" variant="light" mb="sm" data-testid="history-error">{failure}</Alert>}
      {!revisions ? <Loader size="sm" /> : !revisions.length ? <Text c="dimmed">No saved revisions yet: the next save keeps one.</Text> : (
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ScrollArea h={420} w={260} type="auto">
            <Stack gap={4} data-testid="history-list">
              {revisions.map((r, i) => (
                <UnstyledButton key={r.id} onClick={() => setChosen(r.id)} data-testid="history-revision" data-revision={r.revision}
                  p={6} style={{ borderRadius: 4, background: r.id === chosen ? "var(--mantine-color-blue-light)" : undefined }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>Revision {r.revision}</Text>
                    {i === 0 && <Badge size="xs" variant="light">current</Badge>}
                  </Group>
                  <Text size="xs" c="dimmed">{when(r.changed_on)} · {who(r)}</Text>
                  {r.message && <Text size="xs" lineClamp={2}>{r.message}</Text>}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600} data-testid="history-diff-title">
                {!current ? "" : detail?.compare_to
                  ? `Revision ${Math.min(current.revision, detail.compare_to.revision)} → revision ${Math.max(current.revision, detail.compare_to.revision)}`
                  : `What revision ${current.revision} changed${detail?.previous_id === null ? " (the first kept)" : ""}`}
              </Text>
              <Select size="xs" w={200} placeholder="Compare with the save before" clearable aria-label="Compare with" data-testid="history-compare"
                value={other === null ? null : String(other)} onChange={(v) => setOther(v === null ? null : Number(v))}
                data={revisions.filter((r) => r.id !== chosen).map((r) => ({ value: String(r.id), label: `Compare with revision ${r.revision}` }))} />
            </Group>
            {!detail ? <Loader size="sm" /> : detail.diff.length ? (
              <List size="sm" spacing={4} data-testid="history-diff">
                {detail.diff.map((l, i) => <List.Item key={i}>{l.text}</List.Item>)}
              </List>
            ) : <Text size="sm" c="dimmed" data-testid="history-diff">Nothing changed in this save.</Text>}
            {current && revisions[0].id !== current.id && (
              <Button size="xs" variant={drawn ? "filled" : "light"} w="fit-content" onClick={() => setDrawn(!drawn)} data-testid="history-compare-drawn">
                {drawn ? "Hide drawn comparison" : "Compare drawn"}
              </Button>
            )}
            {drawn && current && revisions[0].id !== current.id && (!detail || !currentState ? <Loader size="sm" />
              : <CompareDrawn type={type} revision={current.revision} revisionState={detail.state} currentState={currentState} csrfToken={csrfToken} />)}
            {canRestore && current && revisions[0].id !== current.id && (
              confirming ? (
                <Group gap="xs">
                  <Text size="sm">Restore revision {current.revision}? The current state stays in the history.</Text>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
                  <Button size="xs" color="orange" loading={restoring} onClick={() => void restore()} data-testid="history-restore-confirm">Restore</Button>
                </Group>
              ) : <Button size="xs" variant="light" w="fit-content" onClick={() => setConfirming(true)} data-testid="history-restore">Restore this revision</Button>
            )}
          </Stack>
        </Group>
      )}
    </Modal>
  );
}
