import "@mantine/core/styles.css";
import "./styles/phone.css";
import { ColorSchemeScript, MantineProvider, createTheme } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { I18nProvider } from "./i18n/react";
import { rootData } from "./root-data";
import { AppShellLayout } from "./components/AppShellLayout";
import { Toasts } from "./components/Toasts";
import { useNavigationLogging } from "./components/event-logger";
import { useNonce } from "./components/nonce";
import { pageLanguage } from "./i18n/catalog.server";
import { usePageI18n } from "./i18n/use-page-i18n";
import { cookieColorSchemeManager } from "./components/color-scheme-manager";
import { colorSchemeOf } from "../core/ui/color-scheme";
import type { CompiledCatalog } from "../core/i18n/translate";

const colorSchemeManager = cookieColorSchemeManager();

// every dialog's and drawer's close button is named for screen readers (Mantine draws an unnamed ×)
const named = { defaultProps: { closeButtonProps: { "aria-label": "Close" } } };
const theme = createTheme({
  primaryColor: "teal", fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  components: { Modal: named, Drawer: named },
});

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  // the theme toggle's choice, so this HTML is drawn in the scheme the browser will show (no hydration mismatch)
  return { ...rootData(context.principal, context.csrfToken, pageLanguage(request, context.principal)), colorScheme: colorSchemeOf(request.headers.get("Cookie")) };
}

export type { RootData } from "./root-data";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // an embedded dashboard runs in a host's iframe, where the browser may deny it sessionStorage (third-party
  // storage blocked): Remix's scroll restoration script reads it first thing and would throw; a frame needs none
  const embedded = useLocation().pathname.startsWith("/embedded/");
  // the root's data is missing only when the root loader itself failed: its error page is then in English
  const root = useRouteLoaderData<typeof loader>("root");
  // the compiled catalog is JSON arrays, so it arrives as sent; only its type is widened by the serialisation
  const i18n = usePageI18n(root?.language ?? "en", (root?.catalog ?? {}) as CompiledCatalog);
  const scheme = root?.colorScheme ?? "auto";
  // a chosen scheme is in the HTML itself; "auto" is resolved by ColorSchemeScript's matchMedia before the first
  // paint, which changes <html>'s attribute under React (hence suppressHydrationWarning on that element alone)
  const fixed = scheme === "auto" ? undefined : scheme;
  return (
    <html lang={i18n.language} data-mantine-color-scheme={fixed} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="auto" forceColorScheme={fixed} nonce={nonce} />
      </head>
      <body>
        <I18nProvider value={i18n}>
          <MantineProvider theme={theme} defaultColorScheme={scheme} colorSchemeManager={colorSchemeManager}>
            {children}
            <Toasts />
          </MantineProvider>
        </I18nProvider>
        {!embedded && <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useNavigationLogging({ enabled: data.user !== null, csrfToken: data.csrfToken });
  return (
    <AppShellLayout user={data.user} menu={data.menu} csrfToken={data.csrfToken} canUpload={data.canUpload}
      canNew={{ sqlLab: data.canSqlLab, chart: data.canWriteChart, dashboard: data.canWriteDashboard }}>
      <Outlet />
    </AppShellLayout>
  );
}

export { ErrorPage as ErrorBoundary } from "./components/ErrorPage";
