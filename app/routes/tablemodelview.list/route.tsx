import { Anchor, Badge, Button, Group } from "@mantine/core";
import { ExportButton, ImportBundleButton } from "../../features/bundles/ImportBundleButton";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import { emptyListText, hasAnyDataAccess } from "../../../core/security/database-visibility";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { useTranslation } from "../../i18n/react";
import { ListTable } from "../../components/list-view/ListTable";
import { AsyncSelectFilter, SelectFilter, TextFilter } from "../../components/list-view/filters";
import { relatedOptions } from "../../components/list-view/options";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import type { RootData } from "../../root";
import { DeleteDatasetModal } from "./DeleteDatasetModal";
import { loadDatasetsPage } from "./datasets.server";
import { DATASET_LIST } from "./list-config";
import { openUploadDialog } from "../../features/upload/upload-store";

export const meta: MetaFunction = () => [{ title: "Datasets · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dataset"]);
  const state = parseListUrlState(new URL(request.url).searchParams, DATASET_LIST);
  return {
    canWrite: can(principal, "can_write", "Dataset"),
    canUpload: can(principal, "can_upload", "Database"),
    hasDataAccess: hasAnyDataAccess(principal),
    ...(await loadDatasetsPage(context, principal, state)),
  };
}

const ownerOptions = relatedOptions("dataset", "owners");

/** Superset's Datasets list: search, filter by type, database, schema and owner, sort, open one to edit it. */
export default function DatasetsList() {
  const { count, datasets, databases, pageSize, canWrite, canUpload, hasDataAccess } = useLoaderData<typeof loader>();
  const list = useListUrlState(DATASET_LIST);
  const { filters } = list.state;
  const set = (key: string) => (value: string | null) => list.setFilter(key, value);
  const filtered = isFiltered(list.state);
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<{ id: number; table_name: string } | null>(null);
  const { t } = useTranslation();
  const typeOptions = [{ value: "true", label: t("Physical") }, { value: "false", label: t("Virtual") }];
  return (
    <>
      <ListView title={t("Datasets")} noun={["dataset", "datasets"]} count={count} countTestId="dataset-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={filtered} onClearFilters={list.clearFilters}
        headerActions={canWrite && <Group gap="sm">{canUpload && <Button variant="default" onClick={() => openUploadDialog("csv")} data-testid="dataset-upload-csv">{t("Upload CSV")}</Button>}<ImportBundleButton resource="dataset" /><Button component={Link} to="/dataset/add/" data-testid="add-dataset">{t("+ Dataset")}</Button></Group>}
        emptyText={!hasDataAccess ? emptyListText("datasets", { filtered, hasDataAccess }) : filtered ? t("No datasets match.") : t("No datasets yet.")} emptyTestId="datasets-empty"
        filters={
          <>
            <TextFilter label={t("Name")} value={filters.search ?? ""} onApply={set("search")} testId="dataset-search" />
            <SelectFilter label={t("Type")} value={filters.physical} options={typeOptions} onChange={set("physical")} testId="dataset-filter-type" />
            <SelectFilter label={t("Database")} value={filters.database} options={databases} onChange={set("database")} testId="dataset-filter-database" />
            <TextFilter label={t("Schema")} value={filters.schema ?? ""} onApply={set("schema")} testId="dataset-filter-schema" />
            <AsyncSelectFilter label={t("Owner")} value={filters.owner} fetchOptions={ownerOptions} onChange={set("owner")} testId="dataset-filter-owner" />
          </>
        }>
        <ListTable testId="dataset-table" rows={datasets} rowTestId={(d) => `dataset-row-${d.table_name}`} sort={list.state.sort} onSort={list.sortBy}
          columns={[
            { key: "name", header: t("Name"), sortColumn: "table_name",
              // as Superset: the name opens Explore on the dataset; editing is the row's Edit action
              cell: (d) => <Anchor component={Link} to={`/explore/?datasource_type=table&datasource_id=${d.id}`} data-testid={`explore-dataset-${d.table_name}`}>{d.table_name}</Anchor> },
            { key: "type", header: t("Type"), sortColumn: "sql",
              cell: (d) => <Badge variant="light" color={d.kind === "virtual" ? "grape" : "blue"}>{d.kind === "virtual" ? t("Virtual") : t("Physical")}</Badge> },
            { key: "database", header: t("Database"), sortColumn: "database.database_name", cell: (d) => d.database.database_name },
            { key: "schema", header: t("Schema"), sortColumn: "schema", cell: (d) => d.schema ?? "—" },
            { key: "owners", header: t("Owners"), cell: (d) => (d.owners.length ? d.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") : "—") },
            { key: "changed", header: t("Last modified"), sortColumn: "changed_on_delta_humanized", cell: (d) => d.changed_on_delta_humanized },
            canWrite && {
              key: "actions", header: t("Actions"), cell: (d) => (
                <Group gap="xs" wrap="nowrap">
                  <ExportButton resource="dataset" id={d.id} name={d.table_name} />
                  <Anchor component={Link} to={`/tablemodelview/edit/${d.id}`} data-testid={`edit-dataset-${d.table_name}`}>{t("Edit")}</Anchor>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(d)} data-testid={`delete-dataset-${d.table_name}`}>{t("Delete")}</Button>
                </Group>
              ),
            },
          ]} />
      </ListView>
      {deleting && (
        <DeleteDatasetModal dataset={deleting} csrfToken={csrfToken} onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            revalidator.revalidate();
          }} />
      )}
    </>
  );
}
