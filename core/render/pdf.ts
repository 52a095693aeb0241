import { PDFDocument } from "@cantoo/pdf-lib";

// A report's PDF from the same drawing as its PNG: one page the image's size (in points, at 96 dpi as the
// browser's print), the PNG placed on it whole. @cantoo/pdf-lib (the maintained fork of pdf-lib, whose last
// release was 2021) writes the PDF; nothing is drawn twice.

const POINTS_PER_PIXEL = 72 / 96;

export async function pngToPdf(png: Uint8Array, width: number, height: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("Edge Superset");
  doc.setCreationDate(new Date(0)); // the same drawing gives the same bytes
  doc.setModificationDate(new Date(0));
  const image = await doc.embedPng(png);
  const page = doc.addPage([width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return doc.save();
}
