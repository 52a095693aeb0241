import rison from "rison";
import { useCallback, useEffect, useRef, useState } from "react";
import type { QueryState } from "../../../core/sqllab/types";
import { call } from "./api";

// The calls of the Saved queries and Query history pages (Superset's SavedQueryRestApi and QueryRestApi
// list endpoints), and a small hook that loads a list whenever its query changes.

const q = (value: unknown) => encodeURIComponent(rison.encode(value as never));

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

export interface SavedQueryItem {
  id: number;
  label: string;
  description: string | null;
  sql: string;
  catalog: string | null;
  schema: string | null;
  db_id: number | null;
  database: { id: number; database_name: string | null } | null;
  template_parameters: string | null;
  extra_json: string | null;
  extra: { next_run?: string } & Record<string, unknown>;
  created_on: string | null;
  changed_on: string | null;
  changed_on_delta_humanized: string | null;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  /** Superset's tags (id, name, type): custom and system */
  tags?: { id: number; name: string; type: number }[];
}

export interface QueryHistoryItem {
  id: number;
  client_id: string;
  database: { id: number; database_name: string | null };
  rows: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  executed_sql: string | null;
  start_time: number | null;
  end_time: number | null;
  status: QueryState;
  tab_name: string | null;
  user: UserRef | null;
}

export interface ListAnswer<T> {
  count: number;
  result: T[];
}

export const savedQueriesApi = {
  list: (query: unknown) => call<ListAnswer<SavedQueryItem>>("GET", `/api/v1/saved_query/?q=${q(query)}`),
  update: (id: number, fields: { label?: string; description?: string; sql?: string; extra_json?: string }) =>
    call<{ id: number }>("PUT", `/api/v1/saved_query/${id}`, fields),
  remove: (id: number) => call<{ message: string }>("DELETE", `/api/v1/saved_query/${id}`),
  removeMany: (ids: number[]) => call<{ message: string }>("DELETE", `/api/v1/saved_query/?q=${q(ids)}`),
};

export const queryHistoryApi = {
  list: (query: unknown) => call<ListAnswer<QueryHistoryItem>>("GET", `/api/v1/query/?q=${q(query)}`),
};

export const userName = (u: UserRef | null | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() : "");

/** Loads `load()` whenever `key` changes; a newer load wins over a slower older one. */
export function useListLoader<T>(key: string, load: () => Promise<ListAnswer<T>>) {
  const [state, setState] = useState<{ loading: boolean; data: ListAnswer<T> | null; error: string | null }>({ loading: true, data: null, error: null });
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loadRef.current();
      if (mine === seq.current) setState({ loading: false, data, error: null });
    } catch (e) {
      if (mine === seq.current) setState((s) => ({ loading: false, data: s.data, error: (e as Error).message || "An error occurred" }));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { ...state, reload };
}
