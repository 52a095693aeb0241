import { captureCanvas, imageFileName } from "./image";
import { saveBlob } from "./chart-data-requests";

// "Download as PDF" of a dashboard, as Superset's downloadAsPdf: the page drawn as for the image download, then
// laid on A4 pages (landscape when the dashboard is wider than tall) by jsPDF, cut into as many pages as its
// height needs. jsPDF and html-to-image load only when asked for, so the dashboard route does not carry them.

const A4 = { long: 297, short: 210 }; // mm
const MARGIN = 10; // mm

/** Where each page's slice of a `width`×`height` px image goes: the source rows it takes, at a page's width. */
export function pageSlices(width: number, height: number, pageWidthMm: number, pageHeightMm: number): { top: number; rows: number }[] {
  const pxPerMm = width / (pageWidthMm - 2 * MARGIN);
  const rowsPerPage = Math.max(1, Math.floor((pageHeightMm - 2 * MARGIN) * pxPerMm));
  const slices = [];
  for (let top = 0; top < height; top += rowsPerPage) slices.push({ top, rows: Math.min(rowsPerPage, height - top) });
  return slices.length ? slices : [{ top: 0, rows: 0 }];
}

/** Draws `el` into a PDF and saves it; answers an error message or null. */
export async function downloadAsPdf(el: HTMLElement, title: string): Promise<string | null> {
  try {
    const [canvas, { jsPDF }] = await Promise.all([captureCanvas(el), import("jspdf")]);
    const landscape = canvas.width > canvas.height;
    const pageW = landscape ? A4.long : A4.short;
    const pageH = landscape ? A4.short : A4.long;
    const pdf = new jsPDF({ orientation: landscape ? "landscape" : "portrait", unit: "mm", format: "a4" });
    pdf.setProperties({ title });
    const mmPerPx = (pageW - 2 * MARGIN) / canvas.width;
    pageSlices(canvas.width, canvas.height, pageW, pageH).forEach(({ top, rows }, i) => {
      const slice = document.createElement("canvas");
      slice.width = canvas.width;
      slice.height = Math.max(1, rows);
      slice.getContext("2d")!.drawImage(canvas, 0, top, canvas.width, rows, 0, 0, canvas.width, rows);
      if (i > 0) pdf.addPage();
      pdf.addImage(slice, "PNG", MARGIN, MARGIN, pageW - 2 * MARGIN, rows * mmPerPx);
    });
    saveBlob(pdf.output("blob"), imageFileName(title, new Date(), "pdf"));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
