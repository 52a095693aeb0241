// MySQL protocol column type codes (mysql2's field.columnType) named as MySQL writes them.
const NAMES: Record<number, string> = {
  0: "DECIMAL",
  1: "TINYINT",
  2: "SMALLINT",
  3: "INT",
  4: "FLOAT",
  5: "DOUBLE",
  6: "NULL",
  7: "TIMESTAMP",
  8: "BIGINT",
  9: "MEDIUMINT",
  10: "DATE",
  11: "TIME",
  12: "DATETIME",
  13: "YEAR",
  14: "DATE",
  15: "VARCHAR",
  16: "BIT",
  245: "JSON",
  246: "DECIMAL",
  247: "ENUM",
  248: "SET",
  249: "TINYBLOB",
  250: "MEDIUMBLOB",
  251: "LONGBLOB",
  252: "BLOB",
  253: "VARCHAR",
  254: "CHAR",
  255: "GEOMETRY",
};

/** TINYINT(1) and BIT(1) are how MySQL spells boolean. */
export function mysqlTypeName(field: { columnType?: number; columnLength?: number; type?: number }): string | null {
  const code = field.columnType ?? field.type;
  if (code === undefined) return null;
  const name = NAMES[code];
  if (!name) return null;
  if ((code === 1 || code === 16) && field.columnLength === 1) return `${name}(1)`;
  return name;
}
