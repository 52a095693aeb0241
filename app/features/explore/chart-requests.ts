import type { FormData } from "../../../core/charts/contract";
import * as shared from "../charts/chart-data-requests";
import { exploreStore } from "./store";

// Explore's data pane and header calls: the shared chart requests (app/features/charts/) on Explore's session.

export type Answer = shared.Answer;

export const chartResults = (formData: FormData) => shared.chartResults(formData, exploreStore.csrfToken);
export const datasetSamples = (datasetId: number) => shared.datasetSamples(datasetId, exploreStore.csrfToken);
export const chartQuery = (formData: FormData) => shared.chartQuery(formData, exploreStore.csrfToken);
export const downloadChartData = (formData: FormData, format: "csv" | "xlsx") => shared.downloadChartData(formData, format, exploreStore.csrfToken, exploreStore.sliceName);
