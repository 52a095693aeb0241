import { expect, test } from "vitest";
import type { SqlDialect } from "./dialect";
import { gateSql } from "./index";
import { GATE_CORPORA, checksumSql, gateTargetSetup } from "./corpus";
import type { ApiError } from "../http/errors";

const corpora = Object.values(GATE_CORPORA);

function refusal(sql: string, dialect: SqlDialect): ApiError | null {
  try {
    gateSql(sql, { dialect, allowDml: false });
    return null;
  } catch (err) {
    return err as ApiError;
  }
}

test("each corpus holds at least 60 mutating statements and 40 reads", () => {
  for (const corpus of corpora) {
    expect(corpus.mutating.length, corpus.dialect).toBeGreaterThanOrEqual(60);
    expect(corpus.reads.length, corpus.dialect).toBeGreaterThanOrEqual(40);
  }
});

test.each(corpora.map((c) => [c.dialect, c] as const))("%s: every mutating statement is refused with DML_NOT_ALLOWED_ERROR", (_d, corpus) => {
  const passed = corpus.mutating.filter((entry) => refusal(entry.sql, corpus.dialect)?.errorType !== "DML_NOT_ALLOWED_ERROR");
  expect(passed.map((entry) => `${entry.note}: ${entry.sql}`)).toEqual([]);
});

test.each(corpora.map((c) => [c.dialect, c] as const))("%s: every legitimate read is allowed", (_d, corpus) => {
  const refused = corpus.reads
    .map((entry) => ({ entry, err: refusal(entry.sql, corpus.dialect) }))
    .filter(({ err }) => err !== null);
  expect(refused.map(({ entry, err }) => `${entry.note}: ${entry.sql} -> ${err?.message} ${JSON.stringify(err?.extra)}`)).toEqual([]);
});

test("with DML allowed, the plain writes of the corpus pass and are split into statements", () => {
  const { statements } = gateSql("SELECT 1; DELETE FROM gate_target;\nUPDATE gate_target SET name = 'x'", {
    dialect: "postgresql",
    allowDml: true,
  });
  expect(statements).toEqual(["SELECT 1", "DELETE FROM gate_target", "UPDATE gate_target SET name = 'x'"]);
});

test("setup and checksum SQL exist for every dialect and pass the gate as reads where they read", () => {
  for (const corpus of corpora) {
    expect(gateTargetSetup(corpus.dialect)).toHaveLength(3);
    expect(gateSql(checksumSql(corpus.dialect), { dialect: corpus.dialect, allowDml: false }).statements).toHaveLength(1);
  }
});
