import { useState } from "react";
import { Anchor, Button, Group, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import type { AnnotationListItem } from "../../../db/annotations/list";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { apiCall } from "../../components/api-call";
import type { RootData } from "../../root";
import { AnnotationModal } from "./AnnotationModal";
import { loadAnnotationsPage } from "./annotations.server";
import { ANNOTATION_LIST } from "./list-config";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.layer.name ?? "Annotations"} · Annotation Layers · Edge Superset` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Annotation"]);
  const page = await loadAnnotationsPage(context, params.layerId, parseListUrlState(new URL(request.url).searchParams, ANNOTATION_LIST));
  return { ...page, mayWrite: can(principal, "can_write", "Annotation") };
}

/** Timestamps are stored and shown in UTC, as Superset's annotation list shows them. */
const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");

/** Superset's AnnotationList: one layer's annotations; add, edit and delete them. */
export default function AnnotationsList() {
  const { layer, count, annotations, pageSize, mayWrite } = useLoaderData<typeof loader>();
  const list = useListUrlState(ANNOTATION_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AnnotationListItem | "new" | null>(null);
  const selection = useBulkSelection(mayWrite ? annotations.map((a) => a.id) : []);
  const base = `/api/v1/annotation_layer/${layer.id}/annotation/`;
  const deletion = useListDeletion<AnnotationListItem>({
    noun: ["annotation", "annotations"], label: (a) => a.short_descr, selection,
    deleteOne: (id) => apiCall("DELETE", `${base}${id}`, csrfToken),
    deleteMany: (ids) => apiCall<{ message: string }>("DELETE", `${base}?q=!(${ids.join(",")})`, csrfToken),
  });
  return (
    <>
      <Group gap="xs" mb="xs">
        <Anchor component={Link} to="/annotationlayer/list/" size="sm" data-testid="back-to-layers">Annotation layers</Anchor>
        <Text size="sm" c="dimmed">/ {layer.name}</Text>
      </Group>
      <ListView title={`Annotation layer: ${layer.name}`} noun={["annotation", "annotations"]} count={count} countTestId="annotation-count" page={list.state.page}
        pageSize={pageSize} onPage={list.setPage} filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite ? <Button onClick={() => setEditing("new")} data-testid="add-annotation">+ Annotation</Button> : undefined}
        bulk={mayWrite ? { selection, available: annotations.length > 0, actions: (
          <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">Delete</Button>
        ) } : undefined}
        filters={<TextFilter label="Label" value={list.state.filters.search ?? ""} placeholder="Annotation label" onApply={(v) => list.setFilter("search", v)} testId="annotation-search" />}>
        <ListTable testId="annotation-table" rows={annotations} selection={selection} rowTestId={(a) => `annotation-row-${a.short_descr}`} sort={list.state.sort} onSort={list.sortBy}
          rowLabel={(a) => a.short_descr}
          columns={[
            { key: "label", header: "Label", sortColumn: "short_descr", cell: (a) => a.short_descr },
            { key: "descr", header: "Description", maxWidth: 320, cell: (a) => a.long_descr || "—" },
            { key: "start", header: "Start", sortColumn: "start_dttm", nowrap: true, cell: (a) => when(a.start_dttm) },
            { key: "end", header: "End", sortColumn: "end_dttm", nowrap: true, cell: (a) => when(a.end_dttm) },
            { key: "modified", header: "Last modified", sortColumn: "changed_on_delta_humanized", nowrap: true, cell: (a) => a.changed_on_delta_humanized },
            mayWrite && { key: "actions", header: "Actions", cell: (a: AnnotationListItem) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(a)} data-testid="annotation-edit">Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => deletion.askDelete(a)} data-testid="annotation-delete">Delete</Button>
              </Group>
            ) },
          ]} />
      </ListView>
      {deletion.dialogs}
      {editing && (
        <AnnotationModal layerId={layer.id} annotation={editing === "new" ? null : editing} csrfToken={csrfToken}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); revalidator.revalidate(); }} />
      )}
    </>
  );
}
