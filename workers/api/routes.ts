import type { Hono } from "hono";
import type { AppEnv } from "../env";
import { logApi } from "./log";
import { asyncEventApi } from "./async-event";
import { securityAdminApi } from "./security-admin";
import { sqlLabRoutes } from "./sqllab-routes";
import { databaseApi } from "./database";
import { datasetApi } from "./dataset";
import { chartApi } from "./chart";
import { exploreApi } from "./explore";
import { annotationLayerApi } from "./annotation-layer";
import { chartDataApi } from "./chart-data";
import { chartLegacyApi } from "./chart-legacy";

// Every Superset resource is one Hono sub-app in its own file; adding a resource adds one line here.
// chartLegacyApi comes before the chart and dataset APIs: its warm_up_cache paths would match their /:pk.
export const apiRoutes: Hono<AppEnv>[] = [securityAdminApi, logApi, asyncEventApi, sqlLabRoutes, chartLegacyApi, databaseApi, datasetApi, chartApi, exploreApi, annotationLayerApi, chartDataApi];
