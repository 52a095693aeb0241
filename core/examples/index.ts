import { birthNames } from "./birth-names";
import { flights } from "./flights";
import { multiformatTimeSeries } from "./multiformat-time-series";
import { sales } from "./sales";
import type { ExampleDataset, ExampleTable } from "./types";

// Every example data set, in the order they are loaded and registered.
export const EXAMPLE_DATASETS: ExampleDataset[] = [birthNames, sales, flights, multiformatTimeSeries];

export const EXAMPLE_TABLES: ExampleTable[] = EXAMPLE_DATASETS.map((d) => d.table);

/** The database the examples are registered as (issue 2: a D1 binding, never the metadata DB). */
export const EXAMPLES_DATABASE = { name: "examples", engine: "d1", uri: "d1://EXAMPLES" } as const;

export type { ExampleColumn, ExampleDataset, ExampleMetric, ExampleTable, CellValue, GenericTypeName } from "./types";
export { GENERIC_TYPE_CODE } from "./types";
