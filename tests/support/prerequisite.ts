// Tests that need something from outside the repository (Superset's files in ../shared beside it, PostgreSQL on this
// machine) ask here whether to skip. Off CI they skip with the reason printed, so a checkout without it still runs
// the rest; in CI (CI set, as .ci/run does) the missing piece is an error instead: a green CI run means every test ran.

/** Answers true (skip) when `present` is false outside CI; throws in CI. `ci`: for callers where process.env is not the runner's (workerd). */
export function skipWithout(present: boolean, what: string, ci = Boolean(process.env.CI)): boolean {
  if (present) return false;
  if (ci) throw new Error(`${what} is missing: in CI (CI is set) its tests fail rather than skip`);
  console.warn(`${what} is missing: its tests are skipped`);
  return true;
}
