// Browser calls to the security admin API (see app/components/api-call.ts); field errors show beside their inputs.
import { apiCall, type ApiCallResult } from "../../components/api-call";

export type AdminCallResult = ApiCallResult;

export function adminCall(method: "POST" | "PUT" | "DELETE", path: string, csrfToken: string | null, body?: unknown): Promise<AdminCallResult> {
  return apiCall(method, path, csrfToken, body, { fieldSummary: () => "Please correct the highlighted fields." });
}
