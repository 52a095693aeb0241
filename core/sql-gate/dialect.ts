// The SQL dialects the gate reads: its own file so the lexer and its boundary checks can both name it without
// importing each other.
export type SqlDialect = "sqlite" | "postgresql" | "mysql" | "clickhouse";
