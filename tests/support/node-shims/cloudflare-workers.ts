// Node stand-in for the `cloudflare:workers` module, used only by vitest when a unit or route-table test
// imports the app (and through it a Durable Object class). Nothing here runs a Durable Object: the real
// classes run in workerd in the integration and e2e suites.
export class DurableObject<Env = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: Env,
  ) {}
}

export class WorkerEntrypoint<Env = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: Env,
  ) {}
}

export const env = {};
