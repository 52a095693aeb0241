import { useState } from "react";
import { Anchor, Button, Group } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, listQuery, parseListUrlState } from "../../../core/lists/list-url-state";
import { parseListArgs } from "../../../core/http/list-query";
import { customTagsPage } from "./tags.server";
import { can } from "../../../core/security/permissions";
import type { TagListItem } from "../../../db/tags/list";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { apiCall } from "../../components/api-call";
import { risonParam } from "../../components/list-view/options";
import type { RootData } from "../../root";
import { TagFormModal } from "./TagFormModal";
import { TAG_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "Tags · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Tag"]);
  const state = parseListUrlState(new URL(request.url).searchParams, TAG_LIST);
  const query = listQuery(state, TAG_LIST);
  // the page lists custom tags, as Superset's TagList (system tags are reached from their objects)
  const args = parseListArgs({ ...query, filters: [...((query.filters as unknown[]) ?? []), { col: "type", opr: "custom_tag", value: true }] });
  const { count, result } = await customTagsPage(context.db, args);
  return { count, tags: result, pageSize: TAG_LIST.pageSize, mayWrite: can(principal, "can_write", "Tag") };
}

/** Superset's Tags list: custom tags, each opening the page of everything it tags; create, edit and delete them. */
export default function TagsList() {
  const { count, tags, pageSize, mayWrite } = useLoaderData<typeof loader>();
  const list = useListUrlState(TAG_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<TagListItem | "new" | null>(null);
  const selection = useBulkSelection(mayWrite ? tags.map((t) => t.id) : []);
  const deletion = useListDeletion<TagListItem>({
    noun: ["tag", "tags"], label: (t) => t.name, selection,
    deleteOne: (id) => apiCall("DELETE", `/api/v1/tag/${id}`, csrfToken),
    // the bulk delete names the tags (Superset's delete_tags_schema)
    deleteMany: (ids) => apiCall<{ message: string }>("DELETE", `/api/v1/tag/?q=${risonParam(tags.filter((t) => ids.includes(t.id)).map((t) => t.name))}`, csrfToken),
  });
  const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "—");
  return (
    <>
      <ListView title="Tags" noun={["tag", "tags"]} count={count} countTestId="tag-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite ? <Button onClick={() => setEditing("new")} data-testid="add-tag">+ Tag</Button> : undefined}
        filters={<TextFilter label="Name" value={list.state.filters.search ?? ""} placeholder="Tag name" onApply={(v) => list.setFilter("search", v)} testId="tag-search" />}>
        <ListTable testId="tag-table" rows={tags} rowTestId={(t) => `tag-row-${t.name}`} sort={list.state.sort} onSort={list.sortBy} rowLabel={(t) => t.name}
          columns={[
            { key: "name", header: "Name", sortColumn: "name", cell: (t) => <Anchor component={Link} to={`/superset/all_entities/?id=${t.id}`}>{t.name}</Anchor> },
            { key: "description", header: "Description", maxWidth: 360, cell: (t) => t.description || "—" },
            { key: "modified", header: "Last modified", sortColumn: "changed_on_delta_humanized", nowrap: true, cell: (t) => t.changed_on_delta_humanized },
            { key: "changed_by", header: "Modified by", cell: (t) => person(t.changed_by) },
            ...(mayWrite ? [{ key: "actions", header: "Actions", cell: (t: TagListItem) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(t)} data-testid="tag-edit">Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => deletion.askDelete(t)} data-testid="tag-delete">Delete</Button>
              </Group>
            ) }] : []),
          ]} />
      </ListView>
      {deletion.dialogs}
      {editing && (
        <TagFormModal tag={editing === "new" ? null : editing} csrfToken={csrfToken}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); revalidator.revalidate(); }} />
      )}
    </>
  );
}
