import { Anchor, Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { humanizeAgo } from "../../../core/recent-activity";
import type { TaggedEntity } from "../../../db/tags/entities";
import { requirePermission } from "../../auth.server";
import { tagWithEntities } from "./all-entities.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.tag.name ?? "Tag"} · Edge Superset` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Tag"]);
  const id = Number(new URL(request.url).searchParams.get("id"));
  const found = Number.isSafeInteger(id) && id > 0 ? await tagWithEntities(context, principal, id) : null;
  if (!found) throw new Response("Tag not found", { status: 404 });
  const { tag, entities } = found;
  const now = Date.now();
  return {
    tag: { id: tag.id, name: tag.name, description: tag.description },
    entities: entities.map((e) => ({ ...e, modified: e.changed_on ? humanizeAgo(now - Date.parse(e.changed_on)) : "" })),
  };
}

const SECTIONS: { type: TaggedEntity["type"]; title: string; testId: string }[] = [
  { type: "dashboard", title: "Dashboards", testId: "tagged-dashboards" },
  { type: "chart", title: "Charts", testId: "tagged-charts" },
  { type: "query", title: "Saved queries", testId: "tagged-queries" },
];

/** Superset's AllEntities page: everything one tag marks, by kind, with links, owners and when it last changed. */
export default function AllEntities() {
  const { tag, entities } = useLoaderData<typeof loader>();
  return (
    <Stack p="md" gap="lg">
      <div>
        <Group gap="xs"><Text c="dimmed">Tag</Text><Badge size="lg" variant="light" style={{ textTransform: "none" }} data-testid="all-entities-tag">{tag.name}</Badge></Group>
        {tag.description && <Text mt="xs">{tag.description}</Text>}
      </div>
      {SECTIONS.map((s) => {
        const rows = entities.filter((e) => e.type === s.type);
        return (
          <section key={s.type} data-testid={s.testId}>
            <Title order={4} mb="xs">{s.title}</Title>
            {rows.length === 0 ? <Text c="dimmed" size="sm">No {s.title.toLowerCase()} with this tag.</Text> : (
              <Table striped withTableBorder>
                <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Owners</Table.Th><Table.Th>Modified</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Table.Tr key={e.id} data-testid="tagged-entity">
                      <Table.Td>{e.type === "query" ? <Anchor href={e.url}>{e.name}</Anchor> : <Anchor component={Link} to={e.url}>{e.name}</Anchor>}</Table.Td>
                      <Table.Td>{e.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") || "—"}</Table.Td>
                      <Table.Td>{e.modified}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
