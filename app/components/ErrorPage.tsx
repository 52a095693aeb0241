import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { IconAlertTriangle, IconHome, IconMapOff } from "@tabler/icons-react";
import { errorPageText } from "../../core/error-page";
import { AppShellLayout } from "./AppShellLayout";
import type { RootData } from "../root-data";

/**
 * The root error boundary: unknown routes and failed pages are shown inside the app shell (menus, user menu)
 * with a way home. The root loader still runs for a 404, so its data is there; when the root itself failed it
 * is not, and the page stands alone.
 */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const routeError = isRouteErrorResponse(error) ? { status: error.status, data: error.data } : null;
  // thrown errors (not responses) are bugs: the console gets them, the page does not
  if (!routeError) console.error(error);
  const text = errorPageText(routeError, location.pathname);
  const body = (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={520} ta="center" data-testid="error-page">
        {text.status === 404 ? <IconMapOff size={48} stroke={1.5} aria-hidden /> : <IconAlertTriangle size={48} stroke={1.5} aria-hidden />}
        {text.status ? <Text c="dimmed" fw={700}>{text.status}</Text> : null}
        <Title order={2}>{text.title}</Title>
        <Text>{text.message}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={16} aria-hidden />} mt="sm">
          Back to the home page
        </Button>
      </Stack>
    </Center>
  );
  if (!root) return body;
  return (
    <AppShellLayout user={root.user} menu={root.menu} csrfToken={root.csrfToken}>
      {body}
    </AppShellLayout>
  );
}
