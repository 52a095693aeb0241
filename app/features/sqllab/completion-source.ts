// What the editor's autocomplete offers besides keywords and functions; the page keeps it current
// with the selected database's schemas, the schema's tables and the opened tables' columns.
export interface CompletionSource {
  schemas: string[];
  tables: string[];
  columns: { table: string; column: string }[];
}

export const completionSource: CompletionSource = { schemas: [], tables: [], columns: [] };
