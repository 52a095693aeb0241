import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Alert, Box, Center, Loader } from "@mantine/core";
import { EMBEDDED_FRAME_ANCESTORS_HEADER, embeddedUiConfig, frameAncestors } from "../../../core/embedded/ui-config";
import { guestHeaders } from "../../components/guest-token";
import type { EmbeddedMode } from "../../features/dashboard/DashboardPage";
import { GRID_WIDTH_HEADER } from "../../../core/dashboards/page-drawing";
import { embeddedConfig, type EmbeddedConfig, type EmbeddedPageData } from "./embedded.server";
import { embeddedGridWidth } from "./grid-width";
import { onHandedToken, startEmbeddedComms, type EmbeddedComms } from "./comms";
import { EMBEDDED_CONFIG_META, embeddedPageConfig } from "./page-config";

// /embedded/{uuid}: an embedded dashboard inside a host app's iframe (Superset's embedded page, driven by
// @superset-ui/embedded-sdk). Served without a session; the hosts allowed to frame it get it (CSP
// frame-ancestors, set by the security headers from the header below). The dashboard loads once the host's SDK
// has handed over a guest token, and every request after carries that token.

export const meta: MetaFunction<typeof loader> = ({ data: config }) => [
  { title: "Embedded dashboard · Edge Superset" },
  // read before hydration by the page's early code (page-config.ts): no data, only what the page holds anyway
  ...(config ? [{ name: EMBEDDED_CONFIG_META, content: JSON.stringify(config) }] : []),
];

export async function loader({ context, params }: LoaderFunctionArgs) {
  const config = await embeddedConfig(context, params.uuid ?? "");
  return data(config, { headers: { [EMBEDDED_FRAME_ANCESTORS_HEADER]: frameAncestors(config.allowedDomains).join(" "), "Cache-Control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const ancestors = loaderHeaders.get(EMBEDDED_FRAME_ANCESTORS_HEADER);
  const headers = new Headers();
  if (ancestors) {
    headers.set(EMBEDDED_FRAME_ANCESTORS_HEADER, ancestors);
    headers.set("Cache-Control", "no-store");
  }
  return headers;
};

type PageState = { status: "waiting" } | { status: "failed"; message: string } | { status: "ready"; data: EmbeddedPageData };

async function fetchDashboard(uuid: string, search: string, gridWidth: number): Promise<PageState> {
  const headers = { Accept: "application/json", [GRID_WIDTH_HEADER]: String(gridWidth), ...guestHeaders() };
  const res = await fetch(`/embedded/${encodeURIComponent(uuid)}/dashboard${search}`, { headers, credentials: "same-origin" }).catch(() => null);
  if (!res) return { status: "failed", message: "Network error" };
  const body = (await res.json().catch(() => null)) as (EmbeddedPageData & { message?: string }) | null;
  if (!res.ok || !body) return { status: "failed", message: body?.message ?? res.statusText };
  return { status: "ready", data: body };
}

// The page data is asked once, with the first guest token, the moment the host hands it over (as this module is
// evaluated, before hydration: comms.ts); the page takes the same answer when it renders. The dashboard's code
// loads beside it, started here too, and does not hold back the iframe's load event (a module loaded apart).
let pageData: Promise<PageState> | null = null;
function requestPageData(uuid: string): Promise<PageState> {
  pageData ??= fetchDashboard(uuid, window.location.search, embeddedGridWidth(window.innerWidth, embeddedUiConfig(window.location.search)));
  return pageData;
}
const loadView = () => import("./EmbeddedView");
let viewModule: ReturnType<typeof loadView> | null = null;
if (typeof window !== "undefined") {
  const config = embeddedPageConfig();
  if (config) {
    onHandedToken(() => void requestPageData(config.uuid));
    viewModule = loadView();
  }
}
const EmbeddedView = lazy(() => viewModule ?? loadView());

export default function EmbeddedRoute() {
  // data() with headers types its answer as a response: the loader's value is the embedded configuration
  const config = useLoaderData() as EmbeddedConfig;
  const location = useLocation();
  // the options of the address the SDK opened (uiConfig, filters, the host's urlParams): fixed for the page's life
  const [ui] = useState(() => embeddedUiConfig(location.search));
  const [page, setPage] = useState<PageState>({ status: "waiting" });
  const comms = useRef<EmbeddedComms | null>(null);
  useEffect(() => {
    let live = true;
    const off = onHandedToken(() => void requestPageData(config.uuid).then((p) => live && setPage(p)));
    comms.current = startEmbeddedComms({ emitDataMasks: ui.emitDataMasks });
    return () => {
      live = false;
      off();
      comms.current?.stop();
    };
  }, [config.uuid, ui]);
  const embedded = useMemo<EmbeddedMode>(() => ({
    showFilters: ui.showFilters, expandFilters: ui.expandFilters, showRowLimitWarning: ui.showRowLimitWarning, onReady: (handle) => comms.current?.ready(handle),
  }), [ui.showFilters, ui.expandFilters, ui.showRowLimitWarning]);
  const waiting = <Center h="100vh" data-testid="embedded-waiting"><Loader /></Center>;
  if (page.status === "waiting") return waiting;
  if (page.status === "failed") return <Box p="md"><Alert color="red" title="This dashboard could not be loaded" data-testid="embedded-error">{page.message}</Alert></Box>;
  return (
    <Box p="md" data-testid="embedded-page">
      <Suspense fallback={waiting}>
        <EmbeddedView data={page.data} embedded={embedded} />
      </Suspense>
    </Box>
  );
}
