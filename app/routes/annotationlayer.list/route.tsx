import { useState } from "react";
import { Anchor, Button, Group } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import type { LayerListItem } from "../../../db/annotations/list";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { apiCall } from "../../components/api-call";
import type { RootData } from "../../root";
import { LayerModal } from "./LayerModal";
import { loadLayersPage } from "./layers.server";
import { LAYER_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "Annotation Layers · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Annotation"]);
  const page = await loadLayersPage(context, parseListUrlState(new URL(request.url).searchParams, LAYER_LIST));
  return { ...page, mayWrite: can(principal, "can_write", "Annotation") };
}

const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "—");

/** Superset's annotation layers list: each layer opens its annotations; add, edit and delete layers. */
export default function AnnotationLayersList() {
  const { count, layers, pageSize, mayWrite } = useLoaderData<typeof loader>();
  const list = useListUrlState(LAYER_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<LayerListItem | "new" | null>(null);
  const selection = useBulkSelection(mayWrite ? layers.map((l) => l.id) : []);
  const deletion = useListDeletion<LayerListItem>({
    noun: ["annotation layer", "annotation layers"], label: (l) => l.name, selection,
    // a layer that still holds annotations is refused by the API, and the dialog says so
    deleteOne: (id) => apiCall("DELETE", `/api/v1/annotation_layer/${id}`, csrfToken),
    deleteMany: (ids) => apiCall<{ message: string }>("DELETE", `/api/v1/annotation_layer/?q=!(${ids.join(",")})`, csrfToken),
  });
  return (
    <>
      <ListView title="Annotation Layers" noun={["annotation layer", "annotation layers"]} count={count} countTestId="layer-count" page={list.state.page} pageSize={pageSize}
        onPage={list.setPage} filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite ? <Button onClick={() => setEditing("new")} data-testid="add-layer">+ Annotation layer</Button> : undefined}
        bulk={mayWrite ? { selection, available: layers.length > 0, actions: (
          <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">Delete</Button>
        ) } : undefined}
        filters={<TextFilter label="Name" value={list.state.filters.search ?? ""} placeholder="Layer name" onApply={(v) => list.setFilter("search", v)} testId="layer-search" />}>
        <ListTable testId="layer-table" rows={layers} selection={selection} rowTestId={(l) => `layer-row-${l.name}`} sort={list.state.sort} onSort={list.sortBy} rowLabel={(l) => l.name}
          columns={[
            { key: "name", header: "Name", sortColumn: "name", cell: (l) => <Anchor component={Link} to={`/annotationlayer/${l.id}/annotation/`} data-testid="layer-link">{l.name}</Anchor> },
            { key: "descr", header: "Description", sortColumn: "descr", maxWidth: 360, cell: (l) => l.descr || "—" },
            { key: "modified", header: "Last modified", sortColumn: "changed_on_delta_humanized", nowrap: true, cell: (l) => l.changed_on_delta_humanized },
            { key: "created_on", header: "Created on", sortColumn: "created_on", nowrap: true, cell: (l) => (l.created_on ? l.created_on.slice(0, 10) : "—") },
            { key: "created_by", header: "Created by", cell: (l) => person(l.created_by) },
            mayWrite && { key: "actions", header: "Actions", cell: (l: LayerListItem) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(l)} data-testid="layer-edit">Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => deletion.askDelete(l)} data-testid="layer-delete">Delete</Button>
              </Group>
            ) },
          ]} />
      </ListView>
      {deletion.dialogs}
      {editing && (
        <LayerModal layer={editing === "new" ? null : editing} csrfToken={csrfToken}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); revalidator.revalidate(); }} />
      )}
    </>
  );
}
