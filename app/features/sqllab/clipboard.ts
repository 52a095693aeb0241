import { showToast } from "../../components/toast-store";

// Copying (links, results, SQL): the modern clipboard first, then a selection-based fallback.
export async function copyText(text: string) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      showToast("success", "Copied to clipboard!");
      return;
    }
  } catch {
    // fall through to the selection-based copy
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  if (ok) showToast("success", "Copied to clipboard!");
  else showToast("danger", "Sorry, your browser does not support copying. Use Ctrl / Cmd + C!");
}
