import { useEffect, useState } from "react";
import { Alert, Button, Group, List, Text } from "@mantine/core";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";

// The owner's draft of a published dashboard (issue 34), shown above the dashboard to that owner only: what the
// draft changes from the live version, "Publish changes" (one step, a revision) and "Discard draft". When the live
// version moved on since the draft began, publishing shows those changes and asks before replacing them.

interface Line { area: string; text: string }
interface Draft { diff: Line[]; live_changed: boolean; changed_on: string }

export function DraftBar({ dashboardId, csrfToken, onDone }: { dashboardId: number; csrfToken: string | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [conflict, setConflict] = useState<Line[] | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/v1/dashboard/${dashboardId}/draft`;

  useEffect(() => {
    // shown only when the page's data says a draft exists; a 404 here means it was published or dropped meanwhile
    void apiCall<{ result: Draft }>("GET", base, csrfToken).then((res) => res.ok && setDraft(res.body.result));
  }, [base, csrfToken]);

  if (!draft) return null;
  const publish = async (overwrite: boolean) => {
    setBusy(true);
    const res = await apiCall("POST", `${base}/publish`, csrfToken, overwrite ? { overwrite: true } : {});
    setBusy(false);
    if (res.ok) {
      showToast("success", "Your changes are published.");
      return onDone();
    }
    if (res.status === 409 && Array.isArray(res.extra?.changes)) return setConflict(res.extra.changes as Line[]);
    showToast("danger", `The draft could not be published: ${res.message}`);
  };
  const discard = async () => {
    setBusy(true);
    const res = await apiCall("DELETE", base, csrfToken);
    setBusy(false);
    if (!res.ok) return showToast("danger", `The draft could not be discarded: ${res.message}`);
    showToast("success", "Draft discarded.");
    onDone();
  };

  return (
    <Alert color={conflict ? "orange" : "blue"} variant="light" data-testid="dashboard-draft" title={conflict ? "Someone published changes since your draft began" : "You have a draft of this dashboard"}>
      {conflict ? (
        <>
          <Text size="sm">Publishing your draft replaces these changes:</Text>
          <List size="sm" data-testid="draft-conflict">{conflict.map((l, i) => <List.Item key={i}>{l.text}</List.Item>)}</List>
        </>
      ) : (
        <>
          <Text size="sm">Viewers see the published version until you publish. Your draft changes:</Text>
          <List size="sm" data-testid="draft-diff">{draft.diff.length ? draft.diff.map((l, i) => <List.Item key={i}>{l.text}</List.Item>) : <List.Item>nothing yet</List.Item>}</List>
        </>
      )}
      <Group gap="xs" mt="sm">
        {conflict
          ? <Button size="xs" color="orange" loading={busy} onClick={() => void publish(true)} data-testid="draft-publish-anyway">Publish anyway</Button>
          : <Button size="xs" loading={busy} onClick={() => void publish(false)} data-testid="draft-publish">Publish changes</Button>}
        <Button size="xs" variant="default" disabled={busy} onClick={() => void discard()} data-testid="draft-discard">Discard draft</Button>
      </Group>
    </Alert>
  );
}
