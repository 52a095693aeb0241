import { saveBlob } from "./chart-data-requests";

// "Download as image" of a chart or a whole dashboard, as Superset's downloadAsImage: the element drawn to a PNG
// in the browser (html-to-image, loaded only when asked for: canvases become images, styles are inlined),
// leaving out anything marked `data-image-ignore` (menus, buttons). The file is named after the title and time.

export function imageFileName(title: string, now = new Date(), ext = "png"): string {
  const slug = title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "chart";
  return `${slug}-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.${ext}`;
}

/** `el` drawn to a canvas, without what is marked data-image-ignore (shared by the image and PDF downloads). */
export async function captureCanvas(el: HTMLElement): Promise<HTMLCanvasElement> {
  const { toCanvas } = await import("html-to-image");
  const background = getComputedStyle(document.body).backgroundColor || "#fff";
  return toCanvas(el, {
    backgroundColor: background,
    pixelRatio: Math.min(2, window.devicePixelRatio || 1),
    filter: (node) => !(node instanceof HTMLElement && node.dataset.imageIgnore !== undefined),
    // the app's fonts are same-origin; skipping the web-font embedding keeps the capture fast
    skipFonts: true,
  });
}

/** Draws `el` to a PNG and saves it; answers an error message or null. */
export async function downloadAsImage(el: HTMLElement, title: string): Promise<string | null> {
  try {
    const canvas = await captureCanvas(el);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) return "The image could not be made";
    saveBlob(blob, imageFileName(title));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
