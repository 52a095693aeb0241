import { badRequest } from "../http/errors";
import { clickhouseEngine } from "./clickhouse";
import { d1Engine } from "./d1";
import { mysqlEngine } from "./mysql";
import { postgresqlEngine } from "./postgresql";
import type { EngineSpec } from "./spec";

// The engines this deployment speaks. Adding one: its folder under core/engines/ (an EngineSpec), one line in
// BUILT_IN_ENGINES, and its connector under services/connectors/ (the compiler asks for it there, since that
// factory map is keyed by EngineName). docs/decisions/0003-connectors.md.

/** In the order the connection form offers them. */
const BUILT_IN_ENGINES = [postgresqlEngine, mysqlEngine, d1Engine, clickhouseEngine] as const;

export type EngineName = (typeof BUILT_IN_ENGINES)[number]["name"];

export interface EngineRegistry<N extends string = string> {
  readonly engines: readonly EngineSpec<N>[];
  /** the engine's spec; a 400 for a name no engine has */
  spec(name: string): EngineSpec<N>;
  /** the engine's spec, or null */
  find(name: string | null | undefined): EngineSpec<N> | null;
  /** the engine a SQLAlchemy scheme (any case) names, or null */
  byScheme(scheme: string): EngineSpec<N> | null;
  isEngine(name: unknown): name is N;
}

export function engineRegistry<N extends string>(engines: readonly EngineSpec<N>[]): EngineRegistry<N> {
  const byName = new Map<string, EngineSpec<N>>();
  const bySchemes = new Map<string, EngineSpec<N>>();
  for (const engine of engines) {
    if (byName.has(engine.name)) throw new Error(`Two engines are named ${engine.name}`);
    byName.set(engine.name, engine);
    for (const scheme of engine.schemes) {
      if (bySchemes.has(scheme)) throw new Error(`Two engines read the scheme ${scheme}`);
      bySchemes.set(scheme, engine);
    }
  }
  const find = (name: string | null | undefined) => (name ? (byName.get(name) ?? null) : null);
  return {
    engines,
    find,
    spec(name) {
      const engine = find(name);
      if (!engine) throw badRequest(`Unknown database engine: ${name}`);
      return engine;
    },
    byScheme: (scheme) => bySchemes.get(scheme.toLowerCase()) ?? null,
    isEngine: (name): name is N => typeof name === "string" && byName.has(name),
  };
}

export const ENGINES: EngineRegistry<EngineName> = engineRegistry<EngineName>(BUILT_IN_ENGINES);

/** The spec of a built-in engine; a 400 for an unknown one. */
export const engineSpec = (name: string): EngineSpec<EngineName> => ENGINES.spec(name);
