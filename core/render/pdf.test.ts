import { expect, test } from "vitest";
import { PNG } from "pngjs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { pngToPdf } from "./pdf";

/** A small opaque PNG, every pixel the same colour. */
function solidPng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([20, 120, 200, 255], i);
  return new Uint8Array(PNG.sync.write(png));
}

test("a PNG becomes a one-page PDF the image's size in points, titled, with the image on it", async () => {
  const bytes = await pngToPdf(solidPng(96, 48), 96, 48, "Births by year");
  expect(new TextDecoder("latin1").decode(bytes.subarray(0, 5))).toBe("%PDF-");
  expect(new TextDecoder("latin1").decode(bytes)).toContain("/Subtype /Image");
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  expect(doc.getPageCount()).toBe(1);
  expect(doc.getPage(0).getSize()).toEqual({ width: 72, height: 36 });
  expect(doc.getTitle()).toBe("Births by year");
  expect(doc.getProducer()).toBe("Edge Superset");
});

test("the same drawing gives the same PDF bytes", async () => {
  const png = solidPng(10, 10);
  expect(await pngToPdf(png, 10, 10, "t")).toEqual(await pngToPdf(png, 10, 10, "t"));
});

test("bytes that are not a PNG are refused", async () => {
  await expect(pngToPdf(new Uint8Array([1, 2, 3, 4]), 10, 10, "t")).rejects.toThrow();
});
