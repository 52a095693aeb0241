import { DashboardPage, type EmbeddedMode } from "../../features/dashboard/DashboardPage";
import { PageDrawingsProvider } from "../../features/dashboard/ServerDrawing";
import type { EmbeddedPageData } from "./embedded.server";

// The embedded page's dashboard, in a module of its own: the route loads it apart (route.tsx), so the dashboard's
// code does not hold back the iframe's load event, on which the host's SDK hands the guest token over.

export default function EmbeddedView({ data, embedded }: { data: EmbeddedPageData; embedded: EmbeddedMode }) {
  return (
    // the server's drawings of the cached charts show until the live charts draw
    <PageDrawingsProvider value={data.drawings ?? {}}>
      <DashboardPage key={data.dashboard.id} data={data} csrfToken={null} embedded={embedded} />
    </PageDrawingsProvider>
  );
}
