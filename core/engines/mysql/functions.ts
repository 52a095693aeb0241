// MySQL's and MariaDB's built-in functions. The server has no catalogue of them that a query can read:
// information_schema.ROUTINES holds stored functions only (the connector reads those live and adds them),
// and the mysql.help_topic tables are optional documentation, readable only with rights on the mysql schema,
// and on MariaDB 10.11 they miss common functions (DATE_FORMAT, DATE_ADD …) while listing operators.
export const MYSQL_FUNCTIONS: readonly string[] = [
  // string
  "ascii", "bin", "bit_length", "char", "char_length", "character_length", "chr", "concat", "concat_ws", "elt",
  "export_set", "field", "find_in_set", "format", "from_base64", "hex", "insert", "instr", "lcase", "left", "length",
  "lengthb", "load_file", "locate", "lower", "lpad", "ltrim", "make_set", "mid", "natural_sort_key", "oct", "octet_length",
  "ord", "position", "quote", "regexp_instr", "regexp_like", "regexp_replace", "regexp_substr", "repeat", "replace",
  "reverse", "right", "rpad", "rtrim", "sformat", "soundex", "space", "strcmp", "substr", "substring",
  "substring_index", "to_base64", "to_char", "trim", "ucase", "unhex", "upper", "weight_string",
  // numeric
  "abs", "acos", "asin", "atan", "atan2", "ceil", "ceiling", "conv", "cos", "cot", "crc32", "crc32c", "degrees", "exp",
  "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "rand", "round", "sign", "sin", "sqrt",
  "tan", "truncate",
  // date and time
  "adddate", "addtime", "convert_tz", "curdate", "current_date", "current_time", "current_timestamp", "curtime",
  "date", "date_add", "date_format", "date_sub", "datediff", "day", "dayname", "dayofmonth", "dayofweek", "dayofyear",
  "extract", "from_days", "from_unixtime", "get_format", "hour", "last_day", "localtime", "localtimestamp",
  "makedate", "maketime", "microsecond", "minute", "month", "monthname", "now", "period_add", "period_diff", "quarter",
  "sec_to_time", "second", "str_to_date", "subdate", "subtime", "sysdate", "time", "time_format", "time_to_sec",
  "timediff", "timestamp", "timestampadd", "timestampdiff", "to_days", "to_seconds", "unix_timestamp", "utc_date",
  "utc_time", "utc_timestamp", "week", "weekday", "weekofyear", "year", "yearweek",
  // aggregate and window
  "avg", "bit_and", "bit_or", "bit_xor", "count", "group_concat", "json_arrayagg", "json_objectagg", "max", "min",
  "std", "stddev", "stddev_pop", "stddev_samp", "sum", "var_pop", "var_samp", "variance", "cume_dist", "dense_rank",
  "first_value", "lag", "last_value", "lead", "median", "nth_value", "ntile", "percent_rank", "percentile_cont",
  "percentile_disc", "rank", "row_number",
  // control flow, cast, information and miscellaneous
  "coalesce", "greatest", "if", "ifnull", "isnull", "least", "nullif", "nvl", "nvl2", "cast", "convert", "benchmark",
  "binlog_gtid_pos", "charset", "coercibility", "collation", "connection_id", "current_role", "current_user", "database",
  "decode_histogram", "found_rows", "last_insert_id", "row_count", "schema", "session_user", "system_user", "user",
  "version", "bit_count", "default", "inet_aton", "inet_ntoa", "inet6_aton", "inet6_ntoa", "is_ipv4", "is_ipv6",
  "is_free_lock", "is_used_lock", "get_lock", "release_lock", "master_pos_wait", "name_const", "sleep", "sys_guid",
  "uuid", "uuid_short", "values",
  // encryption and hashing
  "aes_decrypt", "aes_encrypt", "compress", "decode", "des_decrypt", "des_encrypt", "encode", "encrypt", "md5",
  "old_password", "password", "random_bytes", "sha", "sha1", "sha2", "uncompress", "uncompressed_length",
  // JSON
  "json_array", "json_array_append", "json_array_insert", "json_compact", "json_contains", "json_contains_path",
  "json_depth", "json_detailed", "json_equals", "json_exists", "json_extract", "json_insert", "json_keys",
  "json_length", "json_loose", "json_merge", "json_merge_patch", "json_merge_preserve", "json_normalize",
  "json_object", "json_overlaps", "json_query", "json_quote", "json_remove", "json_replace", "json_search", "json_set",
  "json_table", "json_type", "json_unquote", "json_valid", "json_value",
  // spatial (the common ones)
  "st_area", "st_astext", "st_buffer", "st_centroid", "st_contains", "st_distance", "st_geomfromtext", "st_intersects",
  "st_length", "st_x", "st_y", "point",
];
