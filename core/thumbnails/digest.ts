// A thumbnail's digest names one picture: what it was drawn from and for whom. Superset draws thumbnails as the
// requesting user (THUMBNAIL_EXECUTE_AS: the current user), so the viewer is part of the digest and two users never
// share a picture drawn from rows one of them may not read. Any change to the chart or dashboard changes the digest,
// so a stale picture is never served under the new address.

export interface ChartThumbnailSource {
  id: number;
  changedOn: string | null;
  params: string | null;
  queryContext: string | null;
  vizType: string | null;
}

export interface DashboardThumbnailSource {
  id: number;
  changedOn: string | null;
  positionJson: string | null;
  jsonMetadata: string | null;
  /** when each of its charts last changed: an edited chart redraws the dashboard's picture */
  chartsChangedOn: (string | null)[];
}

async function digestOf(parts: unknown[]): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts)));
  // 32 hex characters, the length of Superset's md5 digests, so clients that store them see the same shape
  return [...new Uint8Array(bytes).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function chartThumbnailDigest(chart: ChartThumbnailSource, viewerId: number): Promise<string> {
  return digestOf(["chart", chart.id, chart.changedOn, chart.vizType, chart.params, chart.queryContext, viewerId]);
}

export function dashboardThumbnailDigest(dashboard: DashboardThumbnailSource, viewerId: number): Promise<string> {
  return digestOf(["dashboard", dashboard.id, dashboard.changedOn, dashboard.positionJson, dashboard.jsonMetadata, [...dashboard.chartsChangedOn].sort(), viewerId]);
}

export const isDigest = (text: string): boolean => /^[0-9a-f]{32}$/.test(text);

export const chartThumbnailUrl = (id: number, digest: string): string => `/api/v1/chart/${id}/thumbnail/${digest}/`;
export const dashboardThumbnailUrl = (id: number, digest: string): string => `/api/v1/dashboard/${id}/thumbnail/${digest}/`;
