import { apiCall } from "../../components/api-call";
import { risonParam } from "../../components/list-view/options";

// The Dashboards list's browser calls to /api/v1/dashboard/ (favourites, deletes).

export const setFavorite = (id: number, on: boolean, csrf: string | null) =>
  apiCall(on ? "POST" : "DELETE", `/api/v1/dashboard/${id}/favorites/`, csrf, undefined, { keepalive: true });

export const deleteDashboard = (id: number, csrf: string | null) => apiCall("DELETE", `/api/v1/dashboard/${id}`, csrf);

export const deleteDashboards = (ids: number[], csrf: string | null) =>
  apiCall<{ message: string }>("DELETE", `/api/v1/dashboard/?q=${risonParam(ids)}`, csrf);
