// The cost estimate popover: one object per statement. PostgreSQL's plan is read
// the way Superset's PostgresEngineSpec does (the first plan line's cost=start..total); other engines'
// plan rows are passed through as they come.

const PG_COST = /cost=([\d.]+)\.\.([\d.]+)/;

export function formatCost(engine: string, plan: Record<string, unknown>[]): Record<string, unknown>[] {
  if (engine === "postgresql") {
    const first = plan[0] ? String(Object.values(plan[0])[0] ?? "") : "";
    const m = PG_COST.exec(first);
    if (m) return [{ "Start-up cost": Number(m[1]), "Total cost": Number(m[2]) }];
  }
  return plan;
}
