// A CSV of a given size written to disk row by row (never held whole), for the large-upload test and bench, with
// aggregates counted while writing, so the uploaded table can be checked against figures the upload never saw.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

export const GENERATED_HEADER = "id,category,amount,ratio,flag,day,note";
const CATEGORIES = ["alpha", "beta", "gamma", "delta", "epsilon"];

/** One row's fields: every column keeps one type all the way down, so the first rows' types hold for the rest. */
export function generatedRow(i) {
  const day = new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000).toISOString().slice(0, 10);
  const amount = (i * 7919) % 100_003;
  const ratio = (i % 997) / 8; // exact in binary: the sum is exact too
  return { amount, ratio, flag: i % 3 === 0, category: CATEGORIES[i % 5], line: `${i},${CATEGORIES[i % 5]},${amount},${ratio},${i % 3 === 0 ? "true" : "false"},${day},"note ${i}, with a comma and ""quotes"" to widen the row"` };
}

/**
 * Writes rows while the file stays within `bytes` (and `maxRows`, when given); answers { rows, bytes, amountSum,
 * ratioSum, flagged, gamma } (gamma: the rows of category "gamma").
 */
export async function writeGeneratedCsv(path, bytes, maxRows = Infinity) {
  const out = createWriteStream(path);
  let size = GENERATED_HEADER.length + 1;
  out.write(`${GENERATED_HEADER}\n`);
  const totals = { rows: 0, bytes: 0, amountSum: 0, ratioSum: 0, flagged: 0, gamma: 0 };
  let chunk = [];
  for (let i = 1; ; i++) {
    const r = generatedRow(i);
    const length = Buffer.byteLength(r.line) + 1;
    if (size + length > bytes || totals.rows >= maxRows) break;
    chunk.push(r.line);
    size += length;
    totals.rows++;
    totals.amountSum += r.amount;
    totals.ratioSum += r.ratio;
    if (r.flag) totals.flagged++;
    if (r.category === "gamma") totals.gamma++;
    if (chunk.length === 5000) {
      if (!out.write(`${chunk.join("\n")}\n`)) await once(out, "drain");
      chunk = [];
    }
  }
  if (chunk.length) out.write(`${chunk.join("\n")}\n`);
  out.end();
  await once(out, "finish");
  totals.bytes = size;
  return totals;
}
