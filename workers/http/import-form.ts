import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { ApiError, badRequest } from "../../core/http/errors";

// The import endpoints (bundles of any resource, row-level security rules) take one file in a small multipart form,
// under the field Superset's clients send: `formData` (the per-resource imports) or `bundle` (ImportAssetsCommand and
// preset-cli). Both names are read everywhere, and a file past the endpoint's limit is a 413 before and after parsing.

export interface ImportFormLimits {
  /** the largest file taken, in bytes */
  maxBytes: number;
  /** the 413's message, e.g. "The bundle is larger than 20 MB" */
  tooLarge: string;
  /** what the file is, for the 400 when it is missing: "the bundle", "the rules file" */
  what: string;
}

/** Room for the form's boundaries and other fields around the file, before the body is read. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function readImportForm(c: Context<AppEnv>, limits: ImportFormLimits): Promise<{ form: FormData; file: File }> {
  const tooLarge = () => new ApiError(413, limits.tooLarge, "GENERIC_BACKEND_ERROR");
  if (Number(c.req.header("content-length") ?? 0) > limits.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge();
  const form = await c.req.raw.formData().catch(() => null);
  const file = form?.get("formData") ?? form?.get("bundle");
  if (!form || !file || typeof file === "string") throw badRequest(`Arguments are not correct: send ${limits.what} as the multipart field formData (or bundle)`);
  if (file.size > limits.maxBytes) throw tooLarge();
  return { form, file };
}
