import { Alert, Button, Divider, Group, Loader, Modal, Stack, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { badAddresses, emptyForm, formAddresses, formFromReport, formPayload, type ReportForm, type ReportKind } from "../../../../core/reports/form";
import { crontabProblem } from "../../../../core/reports/crontab-check";
import { createReport, getReport, updateReport } from "../report-api";
import { AdvancedFields } from "./AdvancedFields";
import { AlertFields } from "./AlertFields";
import { ContentFields } from "./ContentFields";
import { GeneralFields } from "./GeneralFields";
import { NativeFilterFields } from "./NativeFilterFields";
import { RecipientFields } from "./RecipientFields";
import { RecipientFilterFields } from "./RecipientFilterFields";
import { useDashboardFilters } from "./use-dashboard-filters";
import { ScheduleFields } from "./ScheduleFields";

// Superset's AlertReportModal, as a frame around small parts: general, (alert) condition, content (with a
// dashboard's native-filter values), schedule, notification (with per-recipient filter values), advanced. Edits
// load the stored report; saving POSTs or PUTs and shows the server's field messages beside the fields.

export interface ReportModalProps {
  /** the report to edit, or null to add one of `type` */
  reportId: number | null;
  type: ReportKind;
  /** starting values of a new report (Explore and dashboards name their chart or dashboard) */
  initial?: Partial<ReportForm>;
  csrfToken: string | null;
  onClose: () => void;
  onSaved: (id: number, name: string) => void;
}

function clientProblems(f: ReportForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.name.trim()) out.name = "Name is required";
  if (crontabProblem(f.crontab)) out.crontab = "Cron expression is not valid";
  if (f.contentType === "chart" && f.chart === null) out.chart = "Please select a chart";
  if (f.contentType === "dashboard" && f.dashboard === null) out.dashboard = "Please select a dashboard";
  if (!f.to.trim()) out.recipients = "At least one recipient is required";
  if ([f.to, f.cc, f.bcc].some((t) => badAddresses(t).length)) out.recipients ??= "Please fix the email addresses";
  const stale = f.contentType === "dashboard" ? f.recipientNativeFilters.filter((r) => !formAddresses(f).includes(r.recipient)).map((r) => r.recipient) : [];
  if (stale.length) out.extra = `Filters per recipient name addresses that are not recipients: ${stale.join(", ")}`;
  if (f.type === "Alert") {
    if (f.database === null) out.database = "Please select a database";
    if (!f.sql.trim()) out.sql = "SQL is required for alerts";
    if (f.condition !== "not null" && f.threshold === null) out.validator_config_json = "Please enter a threshold";
  }
  return out;
}

export function ReportModal({ reportId, type, initial, csrfToken, onClose, onSaved }: ReportModalProps) {
  const [form, setForm] = useState<ReportForm | null>(reportId === null ? emptyForm(type, initial) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dashboardFilters = useDashboardFilters(form?.contentType === "dashboard" ? form.dashboard : null);

  useEffect(() => {
    if (reportId === null) return;
    void getReport(reportId).then((res) => (res.ok ? setForm(formFromReport(res.body.result)) : setMessage(res.message)));
  }, [reportId]);

  const set = (patch: Partial<ReportForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const kind = form?.type ?? type;
  const title = `${reportId === null ? "Add" : "Edit"} ${kind === "Alert" ? "alert" : "report"}`;

  async function save() {
    if (!form) return;
    const problems = clientProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const body = formPayload(form, reportId === null ? "create" : "update");
    const res = reportId === null ? await createReport(body, csrfToken) : await updateReport(reportId, body, csrfToken);
    setBusy(false);
    if (res.ok) return onSaved(res.body.id, form.name.trim());
    setErrors(res.fieldErrors);
    setMessage(res.message);
  }

  return (
    <Modal opened onClose={onClose} title={<Title order={4}>{title}</Title>} size="lg" data-testid="report-modal">
      {!form ? (
        message ? <Alert color="red">{message}</Alert> : <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          {message && <Alert color="red" data-testid="report-error">{message}</Alert>}
          <GeneralFields form={form} set={set} errors={errors} />
          {form.type === "Alert" && (<><Divider label="Alert condition" labelPosition="left" /><AlertFields form={form} set={set} errors={errors} /></>)}
          <Divider label="Contents" labelPosition="left" />
          <ContentFields form={form} set={set} errors={errors} />
          <NativeFilterFields form={form} set={set} errors={errors} dashboardFilters={dashboardFilters} csrfToken={csrfToken} />
          <Divider label="Schedule" labelPosition="left" />
          <ScheduleFields form={form} set={set} errors={errors} />
          <Divider label="Notification method" labelPosition="left" />
          <RecipientFields form={form} set={set} errors={errors} />
          <RecipientFilterFields form={form} set={set} errors={errors} dashboardFilters={dashboardFilters} csrfToken={csrfToken} />
          <Divider label="Advanced" labelPosition="left" />
          <AdvancedFields form={form} set={set} errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={() => void save()} loading={busy} data-testid="report-save">{reportId === null ? "Add" : "Save"}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
