// Texts the gate once read differently from a MySQL/MariaDB server: what the gate took for one quoted variable,
// string or comment held a LOAD_FILE call or an INTO OUTFILE for the server. Each names the sql_mode it needs
// ("" = any mode). core/sql-gate/boundary-bypasses.test.ts proves the gate refuses each one, as a statement
// and as a chart's custom SQL; tests/integration/sql-gate-engines.test.ts runs each on a MariaDB started in that
// mode and proves the server really reads /etc/hostname or writes the file.
export interface BoundaryBypass {
  note: string;
  /** The server's sql_mode under which the hidden part runs */
  sqlMode: string;
  /** A whole statement, or (clause) the custom SQL of a chart column, run as `SELECT <clause> AS leak` */
  sql: string;
  clause?: boolean;
  /** "reads": the result holds /etc/hostname; "writes": the statement creates the file passed in */
  proof: "reads" | "writes";
}

export const BYPASS_FILE = "/etc/hostname";

export function boundaryBypasses(outfile: string): BoundaryBypass[] {
  return [
    {
      note: "@'...' variables around a call, backslash escapes off",
      sqlMode: "NO_BACKSLASH_ESCAPES",
      sql: `SELECT @'\\' , LOAD_FILE('${BYPASS_FILE}') AS leak, @' -- x'`,
      proof: "reads",
    },
    {
      note: '@"..." variables around a call, backslash escapes off',
      sqlMode: "NO_BACKSLASH_ESCAPES",
      sql: `SELECT @"\\" , LOAD_FILE('${BYPASS_FILE}') AS leak, @" -- x"`,
      proof: "reads",
    },
    {
      note: '@"..." variables around a call: ANSI_QUOTES alone reads them as names without escapes',
      sqlMode: "ANSI_QUOTES",
      sql: `SELECT @"\\" , LOAD_FILE('${BYPASS_FILE}') AS leak, @" -- x"`,
      proof: "reads",
    },
    {
      note: "chart custom SQL column: @'...' variables inside IF()",
      sqlMode: "NO_BACKSLASH_ESCAPES",
      sql: `IF(@'\\' IS NULL, LOAD_FILE('${BYPASS_FILE}'), @' -- x'\n)`,
      clause: true,
      proof: "reads",
    },
    {
      note: "INTO OUTFILE hidden in an @'...' variable",
      sqlMode: "NO_BACKSLASH_ESCAPES",
      sql: `SELECT @'\\' , 1 AS a INTO OUTFILE '${outfile}' -- '`,
      proof: "writes",
    },
    {
      note: "'--' followed by a non-ASCII space is not a comment to MySQL",
      sqlMode: "",
      sql: `SELECT 1 --\u00a0, LOAD_FILE('${BYPASS_FILE}') AS leak\nFROM (SELECT 2 AS \`\u00a0\`) t`,
      proof: "reads",
    },
    {
      note: "a lone carriage return does not end a MySQL '-- ' comment",
      sqlMode: "",
      sql: `SELECT 1 -- \r'\n, LOAD_FILE('${BYPASS_FILE}') AS leak -- '\n`,
      proof: "reads",
    },
    {
      note: "a lone carriage return does not end a MySQL '#' comment",
      sqlMode: "",
      sql: `SELECT 1 #\r'\n, LOAD_FILE('${BYPASS_FILE}') AS leak -- '\n`,
      proof: "reads",
    },
  ];
}
