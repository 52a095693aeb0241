// fflate, with its asynchronous unzip made synchronous for the Worker. fflate's unzip hands entries larger than
// ~320 kB to a Web Worker, which workerd has not, and read-excel-file unzips every .xlsx file with it: a sheet of
// a few thousand rows failed with "Worker is not defined". Here unzip runs unzipSync and calls back on the next
// turn, as the asynchronous one would; everything else is fflate's own. Wired in by wrangler.toml's [alias]; the
// relative path keeps the alias from applying to this import.
import { unzipSync } from "../../../node_modules/fflate/esm/browser.js";

export * from "../../../node_modules/fflate/esm/browser.js";

export function unzip(data, opts, cb) {
  if (typeof opts === "function") [cb, opts] = [opts, {}];
  let cancelled = false;
  setTimeout(() => {
    if (cancelled) return;
    let files;
    try {
      files = unzipSync(data, opts);
    } catch (e) {
      cb(e, null);
      return;
    }
    cb(null, files);
  }, 0);
  return () => {
    cancelled = true;
  };
}
