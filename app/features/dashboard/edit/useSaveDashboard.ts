import { useState } from "react";
import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { lastModifiedOf, overwriteItems, savePayload, type EditedDashboard, type OverwriteItem } from "../../../../core/dashboards/edit/save";

// Saving the edit mode: PUT /api/v1/dashboard/{id} with the title, position_json and the last_modified_time the
// editor started from. When someone saved in between, the API answers 409; the server's copy is then read and
// compared with this save: with differences, nothing is written until the user confirms them, and the
// confirmed save carries the server's last_modified_time, so a third save made meanwhile is caught again.

export interface PendingOverwrite {
  items: OverwriteItem[];
  lastModifiedTime: number;
}

interface ServerCopy {
  result: { dashboard_title: string; position_json: string | null; changed_on: string | null };
}

export function useSaveDashboard(dashboardId: number, csrfToken: string | null, onSaved: (lastModifiedTime: number) => void) {
  const [saving, setSaving] = useState(false);
  const [overwrite, setOverwrite] = useState<PendingOverwrite | null>(null);

  /** `message`: the save's note in the dashboard's History (issue 34), optional */
  const save = async (edited: EditedDashboard, lastModifiedTime: number, message = ""): Promise<boolean> => {
    setSaving(true);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await apiCall<{ last_modified_time: number }>("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, {
          ...savePayload(edited, lastModifiedTime), ...(message.trim() ? { revision_message: message.trim() } : {}),
        });
        if (res.ok) {
          setOverwrite(null);
          showToast("success", "This dashboard was saved successfully.");
          onSaved(res.body.last_modified_time);
          return true;
        }
        if (res.status !== 409) {
          showToast("danger", res.status === 403 ? "You do not have permission to edit this dashboard" : `Sorry, there was an error saving this dashboard: ${res.message}`);
          return false;
        }
        const server = await apiCall<ServerCopy>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken);
        if (!server.ok) {
          showToast("danger", `Sorry, there was an error saving this dashboard: ${server.message}`);
          return false;
        }
        const items = overwriteItems(server.body.result, edited);
        lastModifiedTime = lastModifiedOf(server.body.result.changed_on);
        if (items.length) {
          setOverwrite({ items, lastModifiedTime });
          return false;
        }
        // the server already holds exactly this: saving over it loses nothing
      }
      showToast("danger", "Sorry, an unknown error occurred.");
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, overwrite, cancelOverwrite: () => setOverwrite(null) };
}
