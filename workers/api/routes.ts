import type { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { logApi } from "./log";
import { asyncEventApi } from "./async-event";
import { securityAdminApi } from "./security-admin";
import { sqlLabRoutes } from "./sqllab-routes";
import { databaseApi } from "./database";
import { databaseUploadApi } from "./database-upload";
import { datasetApi } from "./dataset";
import { chartApi } from "./chart";
import { dashboardApi } from "./dashboard";
import { dashboardLiveApi } from "./dashboard-live";
import { embeddedApi } from "./embedded";
import { guestTokenApi } from "./guest-token";
import { dashboardFiltersApi } from "./dashboard-filters";
import { dashboardColorsApi } from "./dashboard-colors";
import { dashboardFilterStateApi } from "./dashboard-filter-state";
import { exploreApi } from "./explore";
import { dashboardPermalinkApi } from "./dashboard-permalink";
import { annotationLayerApi } from "./annotation-layer";
import { chartDataApi } from "./chart-data";
import { chartDataBatchApi } from "./chart-data-batch";
import { chartLegacyApi } from "./chart-legacy";
import { fabMetaApi } from "./fab-meta";
import { bundleApi } from "./bundles";
import { cssTemplateApi } from "./css-template";
import { rlsApi } from "./row-level-security";
import { reportApi } from "./report";
import { thumbnailApi } from "./thumbnails";
import { tagApi } from "./tag";
import { revisionApi } from "./revisions";
import { dashboardDraftApi } from "./dashboard-draft";
import { tagObjectsApi } from "./tag-objects";

// Every Superset resource is one Hono sub-app in its own file; adding a resource adds one line here.
// fabMetaApi (_info, related/, distinct/) and chartLegacyApi (warm_up_cache) come before the resource APIs,
// whose /:pk routes would otherwise take those paths; so does bundleApi (<resource>/export/ and /import/).
export const apiRoutes: Hono<AppEnv>[] = [guestTokenApi, securityAdminApi, logApi, asyncEventApi, fabMetaApi, bundleApi, sqlLabRoutes, chartLegacyApi, databaseUploadApi, databaseApi, datasetApi, chartApi, embeddedApi, dashboardApi, dashboardLiveApi, dashboardFiltersApi, dashboardColorsApi, dashboardFilterStateApi, dashboardPermalinkApi, exploreApi, annotationLayerApi, chartDataBatchApi, chartDataApi, cssTemplateApi, rlsApi, reportApi, thumbnailApi, tagObjectsApi, tagApi, revisionApi, dashboardDraftApi];
