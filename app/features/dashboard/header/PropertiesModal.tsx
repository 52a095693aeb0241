import { useEffect, useState } from "react";
import { Alert, Button, Group, Loader, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from "@mantine/core";
import { CATEGORICAL_SCHEMES } from "../../../../core/charts/colors/schemes";
import { propertiesPayload, validateProperties, withMetadataKey, type PropertiesForm } from "../../../../core/dashboards/properties";
import { DASHBOARD_ZONE_KEY } from "../../../../core/time-zone/viewer-zone";
import { zoneNames } from "../../../../core/time-zone/zone";
import { cleanSlug } from "../../../../core/dashboards/payloads";
import { apiCall } from "../../../components/api-call";
import { relatedOptions, tagOptions, type Option } from "../../../components/list-view/options";
import { useTranslation } from "../../../i18n/react";

// Superset's dashboard PropertiesModal: basic information (title, URL slug), access (owners, roles),
// certification, colours (the categorical scheme, kept in step with the metadata), the zone every viewer's times
// are shown in ("Show times in", kept in step alike) and the advanced JSON metadata.
// It reads the dashboard fresh when opened and saves with last_modified_time, so a save over someone else's
// newer save is refused rather than silently overwriting it.

interface Detail {
  dashboard_title: string;
  slug: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  roles: { id: number; name: string }[];
  tags: { id: number; name: string; type: number }[];
  certified_by: string | null;
  certification_details: string | null;
  json_metadata: string | null;
}

const SCHEMES = Object.entries(CATEGORICAL_SCHEMES).map(([value, s]) => ({ value, label: s.label }));
// the picker's option for "no pinned zone" (the form and the metadata hold none)
const EACH_VIEWER = "each-viewer";
let zoneOptions: { value: string; label: string }[] | null = null;
const zonesOf = (eachViewer: string) => [{ value: EACH_VIEWER, label: eachViewer }, ...(zoneOptions ??= zoneNames().map((z) => ({ value: z, label: z })))];
const ownerOptions = relatedOptions("dashboard", "owners");
const roleOptions = relatedOptions("dashboard", "roles");

function formOf(d: Detail): PropertiesForm {
  let meta: Record<string, unknown> = {};
  try {
    meta = d.json_metadata ? (JSON.parse(d.json_metadata) as Record<string, unknown>) : {};
  } catch {
    meta = {};
  }
  return {
    title: d.dashboard_title, slug: d.slug ?? "", owners: d.owners.map((o) => String(o.id)), roles: d.roles.map((r) => String(r.id)),
    certifiedBy: d.certified_by ?? "", certificationDetails: d.certification_details ?? "",
    colorScheme: typeof meta.color_scheme === "string" ? meta.color_scheme : "", jsonMetadata: JSON.stringify(meta, null, 2),
    timeZone: typeof meta[DASHBOARD_ZONE_KEY] === "string" ? meta[DASHBOARD_ZONE_KEY] : "",
  };
}

const merge = (a: Option[], b: Option[]) => [...new Map([...a, ...b].map((o) => [o.value, o])).values()];

export function PropertiesModal({ dashboardId, lastModifiedTime, csrfToken, onClose, onSaved }: {
  dashboardId: number; lastModifiedTime: number | undefined; csrfToken: string | null; onClose: () => void; onSaved: (path: string) => void;
}) {
  const [form, setForm] = useState<PropertiesForm | null>(null);
  const [owners, setOwners] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  // custom tags, sent as ids (Superset's DashboardPutSchema `tags`); system tags are not the editor's to set
  const [tags, setTags] = useState<Option[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    void (async () => {
      const res = await apiCall<{ result: Detail }>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken);
      if (!res.ok) return setFailure(res.message);
      setForm(formOf(res.body.result));
      setOwners(merge(res.body.result.owners.map((o) => ({ value: String(o.id), label: `${o.first_name} ${o.last_name}`.trim() })), await ownerOptions("")));
      setRoles(merge(res.body.result.roles.map((r) => ({ value: String(r.id), label: r.name })), await roleOptions("")));
      const custom = res.body.result.tags.filter((tag) => tag.type === 1);
      setTagIds(custom.map((tag) => String(tag.id)));
      setTags(merge(custom.map((tag) => ({ value: String(tag.id), label: tag.name })), await tagOptions("")));
    })();
  }, [dashboardId, csrfToken]);
  const set = (patch: Partial<PropertiesForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const save = async () => {
    if (!form) return;
    const found = validateProperties(form, Object.keys(CATEGORICAL_SCHEMES), t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { ...propertiesPayload(form, lastModifiedTime), tags: tagIds.map(Number) });
    setSaving(false);
    if (!res.ok) {
      setErrors({ title: res.fieldErrors.dashboard_title ?? "", slug: res.fieldErrors.slug ?? "", owners: res.fieldErrors.owners ?? "", tags: res.fieldErrors.tags ?? "", jsonMetadata: res.fieldErrors.json_metadata ?? "" });
      return setFailure(res.message);
    }
    // a new slug is a new address: the page moves there (Superset's Dashboard.url: by slug, else by id)
    const slug = cleanSlug(form.slug);
    onSaved(`/superset/dashboard/${slug ? encodeURIComponent(slug) : dashboardId}/`);
  };
  return (
    <Modal opened onClose={onClose} title={t("Dashboard properties")} size="xl" data-testid="properties-modal">
      {failure && <Alert color="red" variant="light" mb="sm" data-testid="properties-error">{failure}</Alert>}
      {!form && !failure && <Loader size="sm" />}
      {form && (
        <Stack gap="sm">
          <Title order={5}>{t("Basic information")}</Title>
          <SimpleGrid cols={2}>
            <TextInput label={t("Name")} value={form.title} onChange={(e) => set({ title: e.currentTarget.value })} error={errors.title || undefined} data-testid="properties-title" />
            <TextInput label={t("URL slug")} value={form.slug} onChange={(e) => set({ slug: e.currentTarget.value })} error={errors.slug || undefined}
              description={t("A readable URL for your dashboard")} data-testid="properties-slug" />
          </SimpleGrid>
          <Title order={5}>{t("Access")}</Title>
          <SimpleGrid cols={2}>
            <MultiSelect label={t("Owners")} data={owners} value={form.owners} onChange={(v) => set({ owners: v })} searchable error={errors.owners || undefined}
              description={t("Owners is a list of users who can alter the dashboard.")} data-testid="properties-owners" />
            <MultiSelect label={t("Roles")} data={roles} value={form.roles} onChange={(v) => set({ roles: v })} searchable
              description={t("Roles is a list which defines access to the dashboard.")} data-testid="properties-roles" />
          </SimpleGrid>
          <MultiSelect label={t("Tags")} data={tags} value={tagIds} onChange={setTagIds} searchable error={errors.tags || undefined}
            description={t("Custom tags to find this dashboard by (tags are created on the Tags page).")} data-testid="properties-tags" />
          <Title order={5}>{t("Certification")}</Title>
          <SimpleGrid cols={2}>
            <TextInput label={t("Certified by")} value={form.certifiedBy} onChange={(e) => set({ certifiedBy: e.currentTarget.value })} error={errors.certifiedBy || undefined} data-testid="properties-certified-by" />
            <TextInput label={t("Certification details")} value={form.certificationDetails} onChange={(e) => set({ certificationDetails: e.currentTarget.value })} data-testid="properties-certification-details" />
          </SimpleGrid>
          <Title order={5}>{t("Colors")}</Title>
          <Select label={t("Color scheme")} data={SCHEMES} value={form.colorScheme || null} clearable error={errors.colorScheme || undefined} data-testid="properties-color-scheme"
            onChange={(v) => {
              // the metadata follows the picker, as Superset's modal keeps them in step
              const json = withMetadataKey(form.jsonMetadata, "color_scheme", v);
              set({ colorScheme: v ?? "", ...(json !== null ? { jsonMetadata: json } : {}) });
            }} />
          <Title order={5}>{t("Time zone")}</Title>
          <Select label={t("Show times in")} data={zonesOf(t("Each viewer's time zone"))} value={form.timeZone || EACH_VIEWER} searchable allowDeselect={false} error={errors.timeZone || undefined}
            description={t("Relative time ranges such as Today resolve in this zone for every viewer, or in each viewer's own zone")}
            data-testid="properties-time-zone"
            onChange={(v) => {
              const zone = v && v !== EACH_VIEWER ? v : "";
              const json = withMetadataKey(form.jsonMetadata, DASHBOARD_ZONE_KEY, zone || null);
              set({ timeZone: zone, ...(json !== null ? { jsonMetadata: json } : {}) });
            }} />
          <Title order={5}>{t("Advanced")}</Title>
          <Textarea label={t("JSON metadata")} autosize minRows={6} maxRows={16} value={form.jsonMetadata} error={errors.jsonMetadata || undefined}
            styles={{ input: { fontFamily: "monospace" } }} onChange={(e) => set({ jsonMetadata: e.currentTarget.value })} data-testid="properties-json" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t("Cancel")}</Button>
            <Button onClick={() => void save()} loading={saving} data-testid="properties-apply">{t("Apply")}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
