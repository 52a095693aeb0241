import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";

// Reading and writing Superset's bundle ZIPs with fflate: small (≈ 8 KB used here), no Node APIs, so it runs in the
// Worker as it is. Untrusted archives are bounded before anything is inflated: the central directory's declared
// sizes are checked against the limits, names that climb out of the bundle are refused, and inflating stops at the
// limits whatever the headers claim.

export interface BundleLimits { files: number; fileBytes: number; totalBytes: number }
export const BUNDLE_LIMITS: BundleLimits = { files: 2000, fileBytes: 10 * 1024 * 1024, totalBytes: 50 * 1024 * 1024 };

export class BundleFormatError extends Error {}
/** A ZIP that would inflate past the limits (a "zip bomb"): Superset's check_is_safe_zip messages. */
export class BundleUnsafeError extends BundleFormatError {}

/** Superset's ZIP_FILE_MAX_COMPRESS_RATIO: a bundle of YAML compresses 5–20 times; far more is a bomb. */
export const MAX_COMPRESS_RATIO = 200;

/** A name that could escape the folder it is written into: absolute, drive letters, `..`, backslashes, NUL. */
export function unsafeEntryName(name: string): boolean {
  if (!name || name.includes("\0") || name.includes("\\") || name.startsWith("/") || /^[A-Za-z]:/.test(name)) return true;
  return name.split("/").some((part) => part === "..");
}

/**
 * The ZIP's text files by their path inside the bundle, the common top folder removed (Superset's `remove_root`).
 * Folders and macOS resource forks are skipped.
 */
export function readBundleZip(bytes: Uint8Array, limits = BUNDLE_LIMITS): Map<string, string> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new BundleFormatError("Not a ZIP file");
  let files = 0;
  let total = 0;
  let compressed = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith("/")) return false;
        if (unsafeEntryName(f.name)) throw new BundleFormatError(`Unsafe file name in the bundle: ${f.name}`);
        if (f.name.startsWith("__MACOSX/")) return false;
        files += 1;
        total += f.originalSize;
        compressed += f.size;
        if (files > limits.files) throw new BundleFormatError(`The bundle holds more than ${limits.files} files`);
        if (f.originalSize > limits.fileBytes) throw new BundleUnsafeError("Found file with size above allowed threshold");
        if (total > limits.totalBytes) throw new BundleUnsafeError("The bundle is too large once uncompressed");
        // the ratio of all the files so far: one small file cannot tip it, a bomb does long before it inflates
        if (total > 64 * 1024 && total / Math.max(1, compressed) > MAX_COMPRESS_RATIO) throw new BundleUnsafeError("Zip compress ratio above allowed threshold");
        return true;
      },
    });
  } catch (e) {
    if (e instanceof BundleFormatError) throw e;
    throw new BundleFormatError("Not a ZIP file");
  }
  // the declared sizes are the archive's word: the inflated ones are checked again
  const out = new Map<string, string>();
  let inflated = 0;
  const names = Object.keys(entries);
  const root = commonRoot(names);
  for (const name of names) {
    inflated += entries[name].length;
    if (entries[name].length > limits.fileBytes || inflated > limits.totalBytes) throw new BundleUnsafeError("The bundle is too large once uncompressed");
    out.set(root ? name.slice(root.length + 1) : name, strFromU8(entries[name]));
  }
  return out;
}

function commonRoot(names: string[]): string | null {
  if (!names.length) return null;
  const first = names[0].split("/")[0];
  if (!names.every((n) => n.includes("/") && n.split("/")[0] === first)) return null;
  return first;
}

/** A ZIP with every file under `root/`. */
export function writeBundleZip(root: string, files: Map<string, string>): Uint8Array {
  const tree: Zippable = {};
  for (const [path, text] of files) tree[`${root}/${path}`] = strToU8(text);
  return zipSync(tree, { level: 6, mtime: new Date("2000-01-01T00:00:00Z") });
}
