// The name of a chart's CSV / Excel / ZIP download, as Superset's ChartDataRestApi names it: "superset_", the
// chart's name made safe for any file system, and the server's time (YYYYMMDD_HHMMSS), so two downloads of one
// chart do not overwrite each other. The name is the form data's slice_name, else the saved chart's, else the
// viz type, else "export"; a caller may name the file itself (Superset's `filename` form field).

/** Werkzeug's secure_filename: ASCII letters, digits, "_", "." and "-" only, runs of spaces as one "_". */
export function secureFilename(name: string): string {
  const ascii = name.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return ascii
    .replace(/[/\\]/g, " ")
    .trim()
    .split(/\s+/)
    .join("_")
    .replace(/[^A-Za-z0-9_.-]/g, "")
    .replace(/^[._]+|[._]+$/g, "");
}

/** The server's local time as Superset's strftime("%Y%m%d_%H%M%S"); a Worker's clock is UTC. */
function stamp(now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${now.getUTCFullYear()}${two(now.getUTCMonth() + 1)}${two(now.getUTCDate())}_${two(now.getUTCHours())}${two(now.getUTCMinutes())}${two(now.getUTCSeconds())}`;
}

/**
 * The download's name without its extension. `requested`: a name the caller asked for (used when anything of
 * it survives sanitising, less a trailing extension the response adds again); `formData`: the query context's
 * form data; `chartName`: the saved chart the form data names, if any.
 */
export function exportFileStem(requested: string | null, formData: Record<string, unknown> | null | undefined, chartName: string | null, now = new Date()): string {
  const asked = requested ? secureFilename(requested).replace(/\.(csv|xlsx|zip)$/i, "") : "";
  if (asked) return asked;
  const candidates = [formData?.slice_name, chartName, formData?.viz_type];
  let name = "export";
  for (const candidate of candidates) {
    // a name written wholly in a non-Latin script sanitises to nothing: the next candidate keeps a meaning
    const safe = typeof candidate === "string" ? secureFilename(candidate) : "";
    if (safe) {
      name = safe;
      break;
    }
  }
  // a chart name may be 250 characters: capped so the whole name fits the common 255-character limit
  return secureFilename(`superset_${name.slice(0, 150)}_${stamp(now)}`);
}
