// What the editor's autocomplete offers; the page keeps it current with the selected database's engine
// (whose dialect gives the keywords and functions), schemas, the schema's tables and the opened tables' columns.
export interface CompletionSource {
  backend: string | null;
  schemas: string[];
  tables: string[];
  columns: { table: string; column: string }[];
}

export const completionSource: CompletionSource = { backend: null, schemas: [], tables: [], columns: [] };
