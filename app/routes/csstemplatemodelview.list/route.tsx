import { useState } from "react";
import { Button, Group } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import type { CssTemplateListItem } from "../../../db/css-templates/list";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { apiCall } from "../../components/api-call";
import type { RootData } from "../../root";
import { CssTemplateModal } from "./CssTemplateModal";
import { loadCssTemplatesPage } from "./css-templates.server";
import { CSS_TEMPLATE_LIST } from "./list-config";

export const meta: MetaFunction = () => [{ title: "CSS Templates · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "CssTemplate"]);
  const page = await loadCssTemplatesPage(context, parseListUrlState(new URL(request.url).searchParams, CSS_TEMPLATE_LIST));
  return { ...page, mayWrite: can(principal, "can_write", "CssTemplate") };
}

const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "—");

/** Superset's CSS templates list: the stylesheets a dashboard's "Edit CSS" can load; add, edit and delete them. */
export default function CssTemplatesList() {
  const { count, templates, pageSize, mayWrite } = useLoaderData<typeof loader>();
  const list = useListUrlState(CSS_TEMPLATE_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<CssTemplateListItem | "new" | null>(null);
  const selection = useBulkSelection(mayWrite ? templates.map((t) => t.id) : []);
  const label = (t: CssTemplateListItem) => t.template_name || `template ${t.id}`;
  const deletion = useListDeletion<CssTemplateListItem>({
    noun: ["CSS template", "CSS templates"], label, selection,
    deleteOne: (id) => apiCall("DELETE", `/api/v1/css_template/${id}`, csrfToken),
    deleteMany: (ids) => apiCall<{ message: string }>("DELETE", `/api/v1/css_template/?q=!(${ids.join(",")})`, csrfToken),
  });
  return (
    <>
      <ListView title="CSS Templates" noun={["CSS template", "CSS templates"]} count={count} countTestId="css-template-count" page={list.state.page} pageSize={pageSize}
        onPage={list.setPage} filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={mayWrite ? <Button onClick={() => setEditing("new")} data-testid="add-css-template">+ CSS template</Button> : undefined}
        bulk={mayWrite ? { selection, available: templates.length > 0, actions: (
          <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">Delete</Button>
        ) } : undefined}
        filters={<TextFilter label="Search" value={list.state.filters.search ?? ""} placeholder="Name or CSS" onApply={(v) => list.setFilter("search", v)} testId="css-template-search" />}>
        <ListTable testId="css-template-table" rows={templates} selection={selection} rowTestId={(t) => `css-template-row-${t.template_name ?? t.id}`}
          sort={list.state.sort} onSort={list.sortBy} rowLabel={label}
          columns={[
            { key: "name", header: "Name", sortColumn: "template_name", cell: (t) => t.template_name || "—" },
            { key: "modified", header: "Last modified", nowrap: true, cell: (t) => t.changed_on_delta_humanized },
            { key: "changed_by", header: "Modified by", cell: (t) => person(t.changed_by) },
            { key: "created_by", header: "Created by", cell: (t) => person(t.created_by) },
            mayWrite && { key: "actions", header: "Actions", cell: (t: CssTemplateListItem) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(t)} data-testid="css-template-edit">Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => deletion.askDelete(t)} data-testid="css-template-delete">Delete</Button>
              </Group>
            ) },
          ]} />
      </ListView>
      {deletion.dialogs}
      {editing && (
        <CssTemplateModal template={editing === "new" ? null : editing} csrfToken={csrfToken}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); revalidator.revalidate(); }} />
      )}
    </>
  );
}
