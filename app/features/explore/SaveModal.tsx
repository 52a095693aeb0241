import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { Alert, Button, Group, Modal, Radio, Select, Stack, TextInput } from "@mantine/core";
import { showToast } from "../../components/toast-store";
import { apiCall } from "../../components/api-call";
import { risonParam } from "../../components/list-view/options";
import { exploreStore, saveChart, type DashboardChoice, type SaveAction } from "./store";

// Superset's Save chart dialog: overwrite the opened chart (its owners and admins only) or save as a new one,
// optionally adding it to one of the user's dashboards or to a new dashboard named in the same field; "Save &
// go to dashboard" opens that dashboard after saving.

const NEW_PREFIX = "new:";

/** The dashboards the user owns (a chart joins only those), by title. */
function useOwnDashboards(opened: boolean, userId: number) {
  const [dashboards, setDashboards] = useState<{ id: number; dashboard_title: string }[]>([]);
  useEffect(() => {
    if (!opened) return;
    const q = { columns: ["id", "dashboard_title"], filters: [{ col: "owners", opr: "rel_m_m", value: userId }], order_column: "dashboard_title", order_direction: "asc", page_size: 100 };
    void apiCall<{ result: { id: number; dashboard_title: string }[] }>("GET", `/api/v1/dashboard/?q=${risonParam(q)}`, exploreStore.csrfToken)
      .then((res) => res.ok && setDashboards(res.body.result));
  }, [opened, userId]);
  return dashboards;
}

export function SaveModal({ opened, onClose, sliceName, canOverwrite, userId }: { opened: boolean; onClose: () => void; sliceName: string | null; canOverwrite: boolean; userId: number }) {
  const navigate = useNavigate();
  const [action, setAction] = useState<SaveAction>(canOverwrite ? "overwrite" : "saveas");
  const [name, setName] = useState(sliceName ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<"save" | "go" | null>(null);
  const [dashboard, setDashboard] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [message, setMessage] = useState("");
  const dashboards = useOwnDashboards(opened, userId);

  const options = useMemo(() => {
    const own = dashboards.map((d) => ({ value: String(d.id), label: d.dashboard_title }));
    const typed = search.trim();
    const isNew = typed && !dashboards.some((d) => d.dashboard_title === typed) && !(dashboard && own.find((o) => o.value === dashboard)?.label === typed);
    return isNew ? [...own, { value: `${NEW_PREFIX}${typed}`, label: `${typed} (new dashboard)` }] : own;
  }, [dashboards, search, dashboard]);

  const choice = (): DashboardChoice => {
    if (!dashboard) return null;
    return dashboard.startsWith(NEW_PREFIX) ? { newTitle: dashboard.slice(NEW_PREFIX.length) } : { id: Number(dashboard) };
  };

  async function save(go: boolean) {
    setSaving(go ? "go" : "save");
    const chosen = choice();
    const outcome = await saveChart(action, name, userId, chosen, message);
    setSaving(null);
    if ("error" in outcome) {
      setError(outcome.error);
      return;
    }
    setError(null);
    const where = chosen ? ` and added to dashboard [${"newTitle" in chosen ? chosen.newTitle : options.find((o) => o.value === dashboard)?.label}]` : "";
    showToast("success", `Chart [${name.trim()}] has been ${action === "overwrite" ? "overwritten" : "saved"}${where}`);
    onClose();
    if (go && outcome.dashboardId !== null) navigate(`/superset/dashboard/${outcome.dashboardId}/`);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Save chart">
      <Stack>
        <Radio.Group value={action} onChange={(v) => setAction(v as SaveAction)}>
          <Group>
            <Radio value="overwrite" label="Save (Overwrite)" disabled={!canOverwrite} data-testid="save-overwrite" />
            <Radio value="saveas" label="Save as..." data-testid="save-as-new" />
          </Group>
        </Radio.Group>
        <TextInput label="Chart name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="chart-name-input" />
        <TextInput label="What changed (optional)" description="Kept with this save in the chart's History" value={message} maxLength={500}
          onChange={(e) => setMessage(e.currentTarget.value)} data-testid="save-message-input" />
        <Select
          label="Add to dashboard"
          placeholder="Select a dashboard or type the name of a new one"
          data={options}
          value={dashboard}
          onChange={setDashboard}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage="Type a name to create a new dashboard"
          comboboxProps={{ withinPortal: true }}
          data-testid="save-dashboard-select"
        />
        {error && <Alert color="red" variant="light" data-testid="save-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          {dashboard && (
            <Button variant="light" onClick={() => void save(true)} loading={saving === "go"} disabled={!name.trim() || saving !== null} data-testid="save-go-dashboard">
              Save & go to dashboard
            </Button>
          )}
          <Button onClick={() => void save(false)} loading={saving === "save"} disabled={!name.trim() || saving !== null} data-testid="save-confirm">Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
