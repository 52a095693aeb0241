import { BIRTHS_DASHBOARD } from "./births";
import { FLIGHTS_DASHBOARD } from "./flights";
import { SALES_DASHBOARD } from "./sales";

// Every example dashboard made at first start (db/examples/dashboards.ts), in the order they are created.
export const EXAMPLE_DASHBOARDS = [BIRTHS_DASHBOARD, SALES_DASHBOARD, FLIGHTS_DASHBOARD];

export type { ExampleChart, ExampleDashboard } from "./births";
