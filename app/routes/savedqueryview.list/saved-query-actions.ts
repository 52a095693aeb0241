import { extraJsonWithSchedule, scheduleFieldsOf, type ScheduleFields } from "../../../core/sqllab/saved-query-list";
import { showToast } from "../../components/toast-store";
import { savedQueriesApi, type SavedQueryItem } from "../../features/sqllab/list-api";
import { NOT_SCHEDULED, SCHEDULED } from "../../features/sqllab/schedule-actions";

// The writes of the Saved queries page, each with its toast. They answer whether they worked,
// so the page reloads its list only after a change.

export interface SavedQueryEdit {
  label: string;
  description: string;
  sql: string;
  /** null: not scheduled */
  schedule: ScheduleFields | null;
}

export async function updateSavedQuery(item: SavedQueryItem, edit: SavedQueryEdit): Promise<boolean> {
  const wasScheduled = scheduleFieldsOf(item.extra_json);
  const scheduleChanged = JSON.stringify(wasScheduled) !== JSON.stringify(edit.schedule);
  try {
    await savedQueriesApi.update(item.id, {
      label: edit.label,
      description: edit.description,
      sql: edit.sql,
      ...(scheduleChanged ? { extra_json: extraJsonWithSchedule(item.extra_json, edit.schedule) } : {}),
    });
  } catch (e) {
    if (scheduleChanged && edit.schedule) showToast("danger", `${NOT_SCHEDULED}: ${(e as Error).message}`);
    else showToast("danger", `Your query could not be updated: ${(e as Error).message}`);
    return false;
  }
  if (scheduleChanged && edit.schedule) showToast("success", SCHEDULED);
  else showToast("success", "Your query was updated");
  return true;
}

export async function deleteSavedQuery(item: SavedQueryItem): Promise<boolean> {
  try {
    await savedQueriesApi.remove(item.id);
    showToast("success", `Deleted: ${item.label}`);
    return true;
  } catch (e) {
    showToast("danger", `There was an issue deleting ${item.label}: ${(e as Error).message}`);
    return false;
  }
}

export async function deleteSavedQueries(ids: number[]): Promise<boolean> {
  try {
    const { message } = await savedQueriesApi.removeMany(ids);
    showToast("success", message);
    return true;
  } catch (e) {
    showToast("danger", `There was an issue deleting the selected queries: ${(e as Error).message}`);
    return false;
  }
}
