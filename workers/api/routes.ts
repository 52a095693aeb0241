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

// Every Superset resource is one Hono sub-app in its own file; adding a resource adds one line here.
export const apiRoutes: Hono<AppEnv>[] = [securityAdminApi, logApi, asyncEventApi, sqlLabRoutes, databaseApi, datasetApi, chartApi, exploreApi, annotationLayerApi, chartDataApi];
