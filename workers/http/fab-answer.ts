import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { risonQuery } from "./input";
import { parseItemArgs } from "../../core/http/item-query";
import type { ListArgs } from "../../core/http/list-query";
import { fabItem, fabList, type FabResource } from "../../core/http/fab";

// Every FAB-style list and item answer goes out through here, so rison `columns` and `keys` mean the same on
// every resource (Superset's client asks for `keys:!(none)` or a few `columns` and expects just those).

export function listAnswer<T extends object>(c: Context<AppEnv>, resource: FabResource, args: ListArgs, body: { count: number; ids: unknown[]; result: T[] }) {
  return c.json(fabList(body, resource, args));
}

export function itemAnswer<T extends object>(c: Context<AppEnv>, resource: FabResource, body: { id: unknown; result: T } & Record<string, unknown>) {
  return c.json(fabItem(body, resource, parseItemArgs(risonQuery(c))));
}
