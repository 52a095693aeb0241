// SQLite's built-in SQL functions as D1 runs them: the core scalar, aggregate, window, date/time, math and JSON
// functions. D1's authoriser refuses `PRAGMA function_list` (and its pragma_function_list table), so the
// catalogue is kept here instead of read from the server; functions D1 never offers (load_extension, the
// fts3/rtree helpers) are left out.
export const SQLITE_FUNCTIONS: readonly string[] = [
  // core scalar
  "abs", "changes", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "ifnull", "iif", "instr",
  "last_insert_rowid", "length", "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif", "octet_length",
  "printf", "quote", "random", "randomblob", "replace", "round", "rtrim", "sign", "soundex", "sqlite_compileoption_get",
  "sqlite_compileoption_used", "sqlite_offset", "sqlite_source_id", "sqlite_version", "substr", "substring",
  "total_changes", "trim", "typeof", "unhex", "unicode", "unlikely", "upper", "zeroblob",
  // aggregate
  "avg", "count", "group_concat", "string_agg", "sum", "total",
  // window
  "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value",
  "last_value", "nth_value",
  // date and time
  "date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff",
  // math
  "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp",
  "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh",
  "trunc",
  // JSON
  "json", "json_array", "json_array_length", "json_error_position", "json_extract", "json_group_array",
  "json_group_object", "json_insert", "json_object", "json_patch", "json_pretty", "json_quote", "json_remove",
  "json_replace", "json_set", "json_type", "json_valid", "jsonb", "jsonb_array", "jsonb_extract", "jsonb_group_array",
  "jsonb_group_object", "jsonb_insert", "jsonb_object", "jsonb_patch", "jsonb_remove", "jsonb_replace", "jsonb_set",
  "json_each", "json_tree",
];
