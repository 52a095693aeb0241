import { useEffect, useState } from "react";
import { Alert, Button, Code, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { apiCall } from "../../../components/api-call";
import { copyText } from "../../sqllab/clipboard";

// Superset's DashboardEmbedModal ("Embed dashboard" of the header menu; owners and admins): turn embedding on
// with the hosts allowed to frame the dashboard (none: any host), change them, read the embedded uuid the host's
// SDK needs (with a snippet to copy) or turn embedding off — /api/v1/dashboard/{id}/embedded.

interface Embedded {
  uuid: string;
  allowed_domains: string[];
}

/** The domains as typed (comma separated, as Superset's field) → the list the API stores. */
export const domainsOf = (text: string) => text.split(",").map((d) => d.trim()).filter(Boolean);

export function sdkSnippet(uuid: string, origin: string): string {
  return [
    'import { embedDashboard } from "@superset-ui/embedded-sdk";',
    "",
    "embedDashboard({",
    `  id: "${uuid}",`,
    `  supersetDomain: "${origin}",`,
    '  mountPoint: document.getElementById("my-superset-container"),',
    "  // your backend asks POST /api/v1/security/guest_token/ for a token of this dashboard",
    "  fetchGuestToken: () => fetchGuestTokenFromBackend(),",
    "  dashboardUiConfig: { hideTitle: true, filters: { expanded: true } },",
    "});",
  ].join("\n");
}

export function EmbedModal({ dashboardId, csrfToken, onClose }: { dashboardId: number; csrfToken: string | null; onClose: () => void }) {
  const path = `/api/v1/dashboard/${dashboardId}/embedded`;
  // undefined: still reading; null: not embedded
  const [embedded, setEmbedded] = useState<Embedded | null | undefined>(undefined);
  const [domains, setDomains] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  useEffect(() => {
    void apiCall<{ result: Embedded }>("GET", path, csrfToken).then((res) => {
      if (res.ok) {
        setEmbedded(res.body.result);
        setDomains(res.body.result.allowed_domains.join(", "));
      } else if (res.status === 404) setEmbedded(null);
      else setFailure(res.message);
    });
  }, [path, csrfToken]);
  const save = async () => {
    setBusy(true);
    const res = await apiCall<{ result: Embedded }>(embedded ? "PUT" : "POST", path, csrfToken, { allowed_domains: domainsOf(domains) });
    setBusy(false);
    if (!res.ok) return setFailure(res.message);
    setFailure(null);
    setEmbedded(res.body.result);
    setDomains(res.body.result.allowed_domains.join(", "));
  };
  const disable = async () => {
    setBusy(true);
    const res = await apiCall("DELETE", path, csrfToken);
    setBusy(false);
    setConfirmOff(false);
    if (!res.ok) return setFailure(res.message);
    setFailure(null);
    setEmbedded(null);
    setDomains("");
  };
  const snippet = embedded ? sdkSnippet(embedded.uuid, window.location.origin) : "";
  return (
    <Modal opened onClose={onClose} title="Embed" size="lg" data-testid="embed-modal">
      {embedded === undefined && !failure ? <Loader size="sm" /> : (
        <Stack>
          <Text size="sm">Configure this dashboard to embed it into an external web application.</Text>
          <Text size="sm">For further instructions, consult the Superset documentation.</Text>
          {failure && <Alert color="red" data-testid="embed-error">{failure}</Alert>}
          <TextInput label="Allowed Domains (comma separated)" description="A list of domain names that can embed this dashboard. Leaving this field empty will allow embedding from any domain."
            placeholder="superset.example.com" value={domains} onChange={(e) => setDomains(e.currentTarget.value)} data-testid="embed-allowed-domains" />
          {embedded && (
            <Stack gap="xs" data-testid="embed-ready">
              <Text size="sm">This dashboard is ready to embed. In your application, pass the following id to the SDK:</Text>
              <Group gap="xs"><Code data-testid="embed-uuid">{embedded.uuid}</Code>
                <Button size="compact-xs" variant="default" onClick={() => void copyText(embedded.uuid)} data-testid="embed-copy-uuid">Copy id</Button></Group>
              <Code block data-testid="embed-snippet">{snippet}</Code>
              <Group><Button size="compact-xs" variant="default" onClick={() => void copyText(snippet)} data-testid="embed-copy-snippet">Copy code</Button></Group>
            </Stack>
          )}
          {confirmOff ? (
            <Alert color="orange" title="Disable embedding?" data-testid="embed-confirm-disable">
              <Stack gap="xs">
                <Text size="sm">This will remove your current embed configuration.</Text>
                <Group justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setConfirmOff(false)}>Cancel</Button>
                  <Button size="xs" color="red" loading={busy} onClick={() => void disable()} data-testid="embed-disable-confirm">Deactivate</Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="flex-end">
              {embedded && <Button variant="default" color="red" onClick={() => setConfirmOff(true)} data-testid="embed-disable">Deactivate</Button>}
              <Button loading={busy} onClick={() => void save()} data-testid="embed-save">{embedded ? "Save changes" : "Enable embedding"}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
