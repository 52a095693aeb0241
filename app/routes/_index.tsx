import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { visibleMenu } from "../../core/navigation";
import { requireUser } from "../auth.server";

export const meta: MetaFunction = () => [{ title: "Home · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requireUser(context, request);
  return { username: principal.username, menu: visibleMenu(principal) };
}

export default function Home() {
  const { username, menu } = useLoaderData<typeof loader>();
  const pages = menu.flatMap((g) => g.items);
  return (
    <Stack>
      <Title order={2}>Welcome, {username}</Title>
      <Text c="dimmed">Everything you may use is in the menu above and below.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {pages.map((p) => (
          <Card key={p.href} component={Link} to={p.href} withBorder padding="lg">
            <Text fw={600}>{p.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
