import { alterQueryEditor, queryEditorSaved } from "../../../core/sqllab/editors";
import { extraJsonWithSchedule, lastRunOf, scheduleFieldsOf, type LastRunView, type ScheduleFields } from "../../../core/sqllab/saved-query-list";
import type { QueryEditor } from "../../../core/sqllab/types";
import { editorToSavedQuery } from "../../../core/sqllab/wire";
import { showToast } from "../../components/toast-store";
import { call, sqlLabApi } from "./api";
import { apply } from "./store";

// Scheduling a tab's query from the editor (Superset's ScheduleQueryButton): the schedule is stored with the
// saved query (extra_json.schedule_info) and run by the Worker's cron. An unsaved tab is saved with it.

export const SCHEDULED = "Your query has been scheduled. To see details of your query, navigate to Saved queries";
export const NOT_SCHEDULED = "Your query could not be scheduled";

export interface CurrentSchedule {
  extraJson: string | null;
  fields: ScheduleFields | null;
  lastRun: LastRunView | null;
  nextRun: string | null;
}

/** The saved query's schedule as stored, so editing it keeps its other extra_json keys. */
export async function currentSchedule(remoteId: number | null | undefined): Promise<CurrentSchedule> {
  if (!remoteId) return { extraJson: null, fields: null, lastRun: null, nextRun: null };
  const { result } = await call<{ result: { extra_json: string | null; extra?: { next_run?: string } } }>("GET", `/api/v1/saved_query/${remoteId}`);
  return { extraJson: result.extra_json, fields: scheduleFieldsOf(result.extra_json), lastRun: lastRunOf(result.extra_json), nextRun: result.extra?.next_run ?? null };
}

export async function scheduleTabQuery(qe: QueryEditor, name: string, description: string, fields: ScheduleFields, extraJson: string | null): Promise<boolean> {
  const extra_json = extraJsonWithSchedule(extraJson, fields);
  try {
    if (qe.remoteId) {
      await call("PUT", `/api/v1/saved_query/${qe.remoteId}`, { extra_json });
    } else {
      const { id } = await call<{ id: number }>("POST", "/api/v1/saved_query/", { ...editorToSavedQuery({ ...qe, name }, description), extra_json });
      apply((s) => queryEditorSaved(alterQueryEditor(s, qe.id, { name, remoteId: id }, Date.now()), qe.id, id, name));
      if (!qe.inLocalStorage) await sqlLabApi.updateTabFields(qe.id, { saved_query_id: id }).catch(() => undefined);
    }
  } catch (e) {
    showToast("danger", `${NOT_SCHEDULED}: ${(e as Error).message}`);
    return false;
  }
  showToast("success", SCHEDULED);
  return true;
}
