import { ActionIcon, AppShell, Group, Menu, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { IconChevronDown, IconMoon, IconPlus, IconSun } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useSnapshot } from "valtio";
import { useTranslation } from "../i18n/react";
import { LanguageMenu } from "../i18n/LanguageMenu";
import { openUploadDialog, uploadDialog } from "../features/upload/upload-store";
import type { MenuGroup } from "../../core/navigation";
import { hidesNavigation } from "../../core/dashboards/view-options";
import { useBrowserZoneDefault } from "../features/profile/browser-zone";
import { NavBurger } from "./NavBurger";
import { arrowDownOpens } from "./arrow-down-opens";

interface Props {
  user: { id: number; username: string; roles: string[]; time_zone?: string | null; hasProfile?: boolean } | null;
  menu: MenuGroup[];
  csrfToken: string | null;
  /** may upload files into databases (can_upload on Database) */
  canUpload?: boolean;
  /** may start a SQL query (can_sqllab), a chart or a dashboard (can_write on Chart / Dashboard) */
  canNew?: NewPermissions;
  children: React.ReactNode;
}

// the upload dialog's code loads when it is first opened
const UploadDataModal = lazy(() => import("../features/upload/UploadDataModal").then((m) => ({ default: m.UploadDataModal })));

/** Superset's top navigation: brand, menus the user may use, theme toggle and user menu. */
export function AppShellLayout({ user, menu, csrfToken, canUpload, canNew = NOTHING_NEW, children }: Props) {
  const location = useLocation();
  const upload = useSnapshot(uploadDialog);
  // an embedded dashboard (/embedded/{uuid}) sits in a host's page: never the app's navigation around it
  const standalone = hidesNavigation(location.search) || location.pathname.startsWith("/embedded/");
  useBrowserZoneDefault(user && user.hasProfile ? user.time_zone ?? null : undefined, csrfToken);
  const { t } = useTranslation();
  if (!user || standalone) return <>{children}</>;
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            {/* on a phone the menus are behind a burger: in one line they would wrap under the bar, over the page */}
            <NavBurger menu={menu} />
            <Text component={Link} to="/" fw={700} c="teal" data-testid="brand" style={{ whiteSpace: "nowrap" }}>
              Edge Superset
            </Text>
            <Group gap="lg" wrap="nowrap" visibleFrom="sm">
            {menu.map((group) =>
              group.items.length === 1 && group.label === group.items[0].label ? (
                <Text key={group.label} component={Link} to={group.items[0].href}>
                  {t(group.label)}
                </Text>
              ) : (
                <Menu key={group.label} trigger="click-hover" position="bottom-start">
                  <Menu.Target>
                    <UnstyledButton data-testid={`menu-${group.label}`} onKeyDown={arrowDownOpens}><Group gap={2} wrap="nowrap" component="span">{t(group.label)}<IconChevronDown size={14} aria-hidden /></Group></UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {group.items.map((item) => (
                      <Menu.Item key={item.href} component={Link} to={item.href}>
                        {t(item.label)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              ),
            )}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {(canUpload || canNew.sqlLab || canNew.chart || canNew.dashboard) && <NewMenu canUpload={!!canUpload} canNew={canNew} />}
            <LanguageMenu signedIn csrfToken={csrfToken} />
            <ThemeToggle />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton data-testid="user-menu" onKeyDown={arrowDownOpens}><Group gap={2} wrap="nowrap" component="span">{user.username}<IconChevronDown size={14} aria-hidden /></Group></UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.roles.join(", ")}</Menu.Label>
                <Menu.Item component={Link} to="/user_info/" data-testid="user-menu-profile">{t("Your profile")}</Menu.Item>
                <form method="post" action="/logout/">
                  <input type="hidden" name="csrf_token" value={csrfToken ?? ""} />
                  <Menu.Item component="button" type="submit" data-testid="logout">
                    {t("Log out")}
                  </Menu.Item>
                </form>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
      {upload.open && <Suspense fallback={null}><UploadDataModal /></Suspense>}
    </AppShell>
  );
}

interface NewPermissions { sqlLab: boolean; chart: boolean; dashboard: boolean }
const NOTHING_NEW: NewPermissions = { sqlLab: false, chart: false, dashboard: false };

/** Superset's "+" menu: SQL query, Chart and Dashboard, then Data's uploads; each entry only with its permission. */
function NewMenu({ canUpload, canNew }: { canUpload: boolean; canNew: NewPermissions }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" trigger="click-hover">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t("New")} data-testid="new-menu"><IconPlus size={18} aria-hidden /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canNew.sqlLab && <Menu.Item component={Link} to="/sqllab/" data-testid="new-menu-sql">{t("SQL query")}</Menu.Item>}
        {canNew.chart && <Menu.Item component={Link} to="/chart/add" data-testid="new-menu-chart">{t("Chart")}</Menu.Item>}
        {/* /dashboard/new/ creates a dashboard when loaded: no prefetch (Link's default) */}
        {canNew.dashboard && <Menu.Item component={Link} to="/dashboard/new/" data-testid="new-menu-dashboard">{t("Dashboard")}</Menu.Item>}
        {canUpload && (
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item data-testid="new-menu-data">{t("Data")}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <Menu.Item onClick={() => openUploadDialog("csv")} data-testid="menu-upload-csv">{t("Upload CSV to database")}</Menu.Item>
              <Menu.Item onClick={() => openUploadDialog("excel")} data-testid="menu-upload-excel">{t("Upload Excel to database")}</Menu.Item>
              <Menu.Item onClick={() => openUploadDialog("columnar")} data-testid="menu-upload-columnar">{t("Upload Columnar file to database")}</Menu.Item>
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  // what shows (an "auto" scheme resolved by the system); the server and the first render say light, and the
  // icon follows once hydrated, so no text differs between the server's HTML and the client's first render
  const dark = useComputedColorScheme("light") === "dark";
  return (
    <ActionIcon variant="subtle" aria-label={t("Toggle light and dark theme")} onClick={() => setColorScheme(dark ? "light" : "dark")}>
      {dark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
