import { useState } from "react";
import { Badge, Button, Group } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { RLS_VIEW } from "../../../core/rls/payloads";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { SelectFilter, TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { useListDeletion } from "../../components/list-view/useListDeletion";
import { useBulkSelection } from "../../components/list-view/useBulkSelection";
import { adminCall } from "../../features/security-admin/admin-api";
import { apiCall } from "../../components/api-call";
import type { RootData } from "../../root";
import type { RlsListItem } from "../../../core/rls/payloads";
import { RuleFormModal } from "./RuleFormModal";
import { loadRlsPage } from "./rls.server";
import { RLS_LIST } from "./list-config";
import { exportHref, ImportBundleButton } from "../../features/bundles/ImportBundleButton";

const TYPES = [{ value: "Regular", label: "Regular" }, { value: "Base", label: "Base" }];

export const meta: MetaFunction = () => [{ title: "Row Level Security · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, ["can_read", RLS_VIEW]);
  return loadRlsPage(context, parseListUrlState(new URL(request.url).searchParams, RLS_LIST));
}

/** Superset's Row Level Security list: the rules with their datasets and roles; add, edit and delete them. */
export default function RowLevelSecurityList() {
  const { count, rules, roles, datasets, pageSize } = useLoaderData<typeof loader>();
  const list = useListUrlState(RLS_LIST);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<RlsListItem | "new" | null>(null);
  const selection = useBulkSelection(rules.map((r) => r.id));
  const deletion = useListDeletion<RlsListItem>({
    noun: ["rule", "rules"], label: (r) => r.name, selection,
    deleteOne: (id) => adminCall("DELETE", `/api/v1/rowlevelsecurity/${id}`, csrfToken),
    deleteMany: (ids) => apiCall<{ message: string }>("DELETE", `/api/v1/rowlevelsecurity/?q=!(${ids.join(",")})`, csrfToken),
  });
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  return (
    <>
      <ListView title="Row Level Security" noun={["rule", "rules"]} count={count} countTestId="rls-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        headerActions={<Group gap="sm"><ImportBundleButton resource="rowlevelsecurity" /><Button onClick={() => setEditing("new")} data-testid="add-rls">+ Rule</Button></Group>}
        bulk={{ selection, available: rules.length > 0, actions: (
          <>
            {/* preset-cli's rls.yaml of the picked rules: datasets and roles by name, for another workspace */}
            {selection.selected.length > 0 ? (
              <Button size="xs" variant="default" component="a" href={exportHref("rowlevelsecurity", selection.selected)} download data-testid="bulk-export">Export</Button>
            ) : (
              <Button size="xs" variant="default" disabled data-testid="bulk-export">Export</Button>
            )}
            <Button size="xs" color="red" disabled={selection.selected.length === 0} onClick={deletion.askBulkDelete} data-testid="bulk-delete">Delete</Button>
          </>
        ) }}
        filters={
          <>
            <TextFilter label="Name" value={list.state.filters.search ?? ""} placeholder="Rule name" onApply={set("search")} testId="rls-search" />
            <SelectFilter label="Filter type" value={list.state.filters.type} options={TYPES} onChange={set("type")} testId="rls-filter-type" />
          </>
        }>
        <ListTable testId="rls-table" rows={rules} selection={selection} rowTestId={(r) => `rls-row-${r.name}`} sort={list.state.sort} onSort={list.sortBy}
          columns={[
            { key: "name", header: "Name", sortColumn: "name", cell: (r) => r.name },
            { key: "type", header: "Filter type", sortColumn: "filter_type", cell: (r) => r.filter_type },
            { key: "tables", header: "Datasets", cell: (r) => <Group gap={4}>{r.tables.map((t) => <Badge key={t.id} variant="light">{t.table_name}</Badge>)}</Group> },
            { key: "roles", header: "Roles", cell: (r) => <Group gap={4}>{r.roles.map((x) => <Badge key={x.id} variant="outline">{x.name}</Badge>)}</Group> },
            { key: "group", header: "Group key", sortColumn: "group_key", cell: (r) => r.group_key },
            { key: "clause", header: "Clause", maxWidth: 320, cell: (r) => <code>{r.clause}</code> },
            { key: "modified", header: "Last modified", sortColumn: "changed_on_delta_humanized", nowrap: true, cell: (r) => r.changed_on_delta_humanized },
            { key: "actions", header: "Actions", cell: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(r)} data-testid="rls-edit">Edit</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => deletion.askDelete(r)} data-testid="rls-delete">Delete</Button>
              </Group>
            ) },
          ]} />
      </ListView>
      {deletion.dialogs}
      {editing && (
        <RuleFormModal rule={editing === "new" ? null : editing} roles={roles} datasets={datasets} csrfToken={csrfToken}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); revalidator.revalidate(); }} />
      )}
    </>
  );
}
