// Writes the example data as one SQL file for `wrangler d1 execute EXAMPLES --file <outfile>`.
// Called (and cached by content hash) by scripts/examples-seed.mjs; usage: tsx scripts/write-examples-sql.ts <outfile>
import { closeSync, openSync, renameSync, writeSync } from "node:fs";
import { EXAMPLE_DATASETS } from "../core/examples/index";
import { createTableSql, insertStatements } from "../core/examples/sql";

const outfile = process.argv[2];
if (!outfile) {
  console.error("usage: tsx scripts/write-examples-sql.ts <outfile>");
  process.exit(2);
}

// Written beside the target and renamed, so a concurrent reader never sees half a file.
const partial = `${outfile}.${process.pid}.partial`;
const fd = openSync(partial, "w");
const started = Date.now();
const counts: string[] = [];
for (const { table, rows } of EXAMPLE_DATASETS) {
  for (const statement of createTableSql(table)) writeSync(fd, `${statement}\n`);
  let n = 0;
  const counted = (function* () {
    for (const row of rows()) {
      n++;
      yield row;
    }
  })();
  for (const statement of insertStatements(table, counted)) writeSync(fd, `${statement}\n`);
  counts.push(`${table.tableName} ${n}`);
}
closeSync(fd);
renameSync(partial, outfile);
console.log(`Example data written in ${Date.now() - started} ms: ${counts.join(", ")} rows.`);
