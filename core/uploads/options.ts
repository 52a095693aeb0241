import { validationError } from "../http/errors";

// The form fields of Superset's UploadPostSchema and UploadFileMetadataPostSchema (multipart text fields), read
// into typed options with Marshmallow's messages. Lists arrive as Superset's DelimitedListField sends them:
// one comma-separated field (or the field repeated).

export type UploadType = "csv" | "excel" | "columnar";
export type AlreadyExists = "fail" | "replace" | "append";

/** The integer, real, boolean, date, datetime and text kinds a column can be written as. */
export type ColumnKind = "integer" | "real" | "boolean" | "date" | "datetime" | "text";

export interface ReadOptions {
  delimiter: string;
  /** the row holding the column names, counted after skip_rows; null when the file has none */
  header_row: number | null;
  skip_rows: number;
  rows_to_read: number | null;
  skip_blank_lines: boolean;
  skip_initial_space: boolean;
  null_values: string[];
  columns_read: string[];
  column_dates: string[];
  column_data_types: Record<string, ColumnKind>;
  decimal_character: string;
  day_first: boolean;
  index_column: string | null;
  dataframe_index: boolean;
  index_label: string | null;
}

export interface UploadOptions extends ReadOptions {
  type: UploadType;
  table_name: string;
  schema: string | null;
  already_exists: AlreadyExists;
  /** Excel: the sheet to read (the first when not given) */
  sheet_name: string | null;
  /** the columns the new table is sorted by, on engines whose tables take a sort key (EngineUpload.tableOptions) */
  sort_key: string[];
}

/** One form field's values: a multipart field may repeat. */
export type FormFields = Record<string, string[]>;

/**
 * A new set of form fields with no prototype: field names are the client's, and a field named `__proto__` or
 * `constructor` must be a field like any other, not Object.prototype's property.
 */
export const newFormFields = (): FormFields => Object.create(null) as FormFields;

/** Adds one value of a field (a multipart field may repeat). */
export function addFormField(form: FormFields, name: string, value: string): void {
  if (Object.hasOwn(form, name)) form[name].push(value);
  else form[name] = [value];
}

/** A field's values, own fields only (never a property every object inherits). */
export const formField = (form: FormFields, name: string): string[] | undefined => (Object.hasOwn(form, name) ? form[name] : undefined);

// pandas' default na_values: what read_csv treats as missing unless told otherwise
export const PANDAS_NA_VALUES = ["", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"];

// pandas dtype names accepted in column_data_types, by the kind they write
const DTYPES: Record<string, ColumnKind> = {
  int: "integer", int8: "integer", int16: "integer", int32: "integer", int64: "integer", Int64: "integer", Int32: "integer",
  float: "real", float32: "real", float64: "real", Float64: "real",
  bool: "boolean", boolean: "boolean",
  str: "text", string: "text", object: "text",
  "datetime64[ns]": "datetime", datetime64: "datetime", date: "date",
};

export function readUploadOptions(form: FormFields): UploadOptions {
  const errors: Record<string, string[]> = {};
  const r = reader(form, errors);
  const table_name = r.text("table_name");
  if (!table_name) errors.table_name = ["Missing data for required field."];
  else if (table_name.length > 10000) errors.table_name = ["Length must be between 1 and 10000."];
  const out: UploadOptions = {
    ...readOptions(form, errors),
    type: r.choice("type", ["csv", "excel", "columnar"], null, true) as UploadType,
    table_name: table_name ?? "",
    schema: r.text("schema") || null,
    already_exists: r.choice("already_exists", ["fail", "replace", "append"], "fail") as AlreadyExists,
    sheet_name: r.text("sheet_name") || null,
    sort_key: r.list("sort_key").filter((v) => v !== ""),
  };
  if (new Set(out.sort_key).size !== out.sort_key.length) errors.sort_key = ["A column is named twice in the sort key."];
  // a decimal character is CSV's alone: Excel and Parquet cells carry numbers, written with a point
  if (out.type !== "csv") out.decimal_character = ".";
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** The reading options alone (upload_metadata takes delimiter and header_row). */
export function readOptions(form: FormFields, errors: Record<string, string[]>): ReadOptions {
  const r = reader(form, errors);
  const dtypes = r.text("column_data_types");
  // keyed by the file's column names: no prototype, so a column named constructor is no inherited entry
  const column_data_types = Object.create(null) as Record<string, ColumnKind>;
  if (dtypes) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(dtypes);
    } catch {
      parsed = null;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) errors.column_data_types = ["Not a valid JSON object."];
    else {
      for (const [name, t] of Object.entries(parsed)) {
        const kind = typeof t === "string" && Object.hasOwn(DTYPES, t) ? DTYPES[t] : undefined;
        if (kind) column_data_types[name] = kind;
        else (errors.column_data_types ??= []).push(`Unsupported data type "${String(t)}" for column "${name}".`);
      }
    }
  }
  const delimiter = r.text("delimiter") ?? ",";
  if (delimiter.length !== 1 && delimiter !== "\\t") errors.delimiter = ["The delimiter must be a single character."];
  const decimal_character = r.text("decimal_character") || ".";
  if (decimal_character.length !== 1) errors.decimal_character = ["Length must be 1."];
  // Superset hands pandas keep_default_na=not null_values: the user's values replace pandas' defaults, and an
  // empty field (DelimitedListField reads "" as an empty list) keeps the defaults. An empty item among others
  // ("-,") is kept: '' is then missing too, as pandas reads it.
  const nulls = (formField(form, "null_values") ?? []).filter((v) => v.trim() !== "").flatMap((v) => v.split(",")).map((v) => v.trim());
  return {
    delimiter: delimiter === "\\t" ? "\t" : delimiter,
    header_row: r.int("header_row", 0, true),
    skip_rows: r.int("skip_rows", 0) ?? 0,
    rows_to_read: r.int("rows_to_read", 1, true, null),
    skip_blank_lines: r.bool("skip_blank_lines", true),
    skip_initial_space: r.bool("skip_initial_space", false),
    null_values: nulls.length ? nulls : PANDAS_NA_VALUES,
    columns_read: r.list("columns_read"),
    column_dates: r.list("column_dates"),
    column_data_types,
    decimal_character,
    day_first: r.bool("day_first", false),
    index_column: r.text("index_column") || null,
    dataframe_index: r.bool("dataframe_index", false),
    index_label: r.text("index_label") || null,
  };
}

function reader(form: FormFields, errors: Record<string, string[]>) {
  const one = (name: string): string | undefined => formField(form, name)?.[0];
  return {
    text: one,
    list(name: string): string[] {
      return (formField(form, name) ?? []).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v, i, all) => v !== "" || all.length === 1);
    },
    int(name: string, min: number, nullable = false, fallback: number | null = 0): number | null {
      const raw = one(name);
      if (raw === undefined || raw === "") return nullable && raw === "" ? null : fallback;
      const n = Number(raw);
      if (!Number.isSafeInteger(n)) errors[name] = ["Not a valid integer."];
      else if (n < min) errors[name] = [`Must be greater than or equal to ${min}.`];
      return n;
    },
    bool(name: string, fallback: boolean): boolean {
      const raw = one(name);
      if (raw === undefined || raw === "") return fallback;
      if (/^(true|1|yes|on)$/i.test(raw)) return true;
      if (/^(false|0|no|off)$/i.test(raw)) return false;
      errors[name] = ["Not a valid boolean."];
      return fallback;
    },
    choice(name: string, allowed: string[], fallback: string | null, required = false): string {
      const raw = one(name);
      if (raw === undefined || raw === "") {
        if (required) errors[name] = ["Missing data for required field."];
        return fallback ?? "";
      }
      if (!allowed.includes(raw)) errors[name] = [`Must be one of: ${allowed.join(", ")}.`];
      return raw;
    },
  };
}
