import type { ReportForm } from "../../../../core/reports/form";

/** What every part of the report editor receives: the state, a patcher, and the server's field messages. */
export interface FieldProps {
  form: ReportForm;
  set: (patch: Partial<ReportForm>) => void;
  errors: Record<string, string>;
}
