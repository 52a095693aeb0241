import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Stack, TextInput, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { relatedOptions, tagOptions, type Option } from "../../components/list-view/options";
import { saveChartProperties } from "./chart-api";

// Superset's chart "Edit properties" modal: name, description, owners, cache timeout and certification,
// saved with PUT /api/v1/chart/{id}. A refused save keeps the dialog and everything typed, with the
// server's messages beside the fields.

export interface EditableChart {
  id: number;
  slice_name: string;
  description: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  tags: { id: number; name: string; type: number }[];
}

const ownerOptions = relatedOptions("chart", "owners");
const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();

export function EditChartModal({ chart, csrfToken, onClose, onSaved }: { chart: EditableChart; csrfToken: string | null; onClose: () => void; onSaved: (name: string) => void }) {
  const [name, setName] = useState(chart.slice_name);
  const [description, setDescription] = useState(chart.description ?? "");
  const [owners, setOwners] = useState(chart.owners.map((o) => String(o.id)));
  const [cacheTimeout, setCacheTimeout] = useState<string | number>(chart.cache_timeout ?? "");
  const [certifiedBy, setCertifiedBy] = useState(chart.certified_by ?? "");
  const [certDetails, setCertDetails] = useState(chart.certification_details ?? "");
  const [known, setKnown] = useState<Option[]>(chart.owners.map((o) => ({ value: String(o.id), label: fullName(o) })));
  const [search, setSearch] = useState("");
  // custom tags by id, as Superset's ChartPutSchema takes them; system tags (owner:, type:) stay as they are
  const customTags = chart.tags.filter((t) => t.type === 1);
  const [tagIds, setTagIds] = useState(customTags.map((t) => String(t.id)));
  const [tagChoices, setTagChoices] = useState<Option[]>(customTags.map((t) => ({ value: String(t.id), label: t.name })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const timer = setTimeout(() => {
      void ownerOptions(search).then((found) =>
        setKnown((prev) => [...prev, ...found.filter((f) => !prev.some((p) => p.value === f.value))]),
      );
    }, search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    void tagOptions("").then((found) => setTagChoices((prev) => [...prev, ...found.filter((f) => !prev.some((p) => p.value === f.value))]));
  }, []);

  async function save() {
    if (!name.trim()) {
      setFieldErrors({ slice_name: "Name is required" });
      return;
    }
    setBusy(true);
    const res = await saveChartProperties(chart.id, {
      slice_name: name.trim(),
      description: description || null,
      owners: owners.map(Number),
      cache_timeout: cacheTimeout === "" ? null : Number(cacheTimeout),
      certified_by: certifiedBy || null,
      certification_details: certDetails || null,
      tags: tagIds.map(Number),
    }, csrfToken);
    setBusy(false);
    if (res.ok) {
      onSaved(name.trim());
      return;
    }
    setError(`The chart could not be saved: ${res.message}`);
    setFieldErrors(res.fieldErrors);
  }

  return (
    <Modal opened onClose={onClose} title="Edit Chart Properties" size="lg">
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErrors.slice_name} data-testid="edit-chart-name" />
        <Textarea label="Description" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={fieldErrors.description} data-testid="edit-chart-description" />
        <MultiSelect label="Owners" data={known} value={owners} onChange={setOwners} searchable searchValue={search} onSearchChange={setSearch}
          error={fieldErrors.owners} description="A list of users who can alter the chart." data-testid="edit-chart-owners" />
        <MultiSelect label="Tags" data={tagChoices} value={tagIds} onChange={setTagIds} searchable error={fieldErrors.tags}
          description="Custom tags to find this chart by (tags are created on the Tags page)." data-testid="edit-chart-tags" />
        <NumberInput label="Cache timeout" description="Seconds before the chart's cached data expires; empty uses the dataset's or the database's."
          value={cacheTimeout} onChange={setCacheTimeout} allowDecimal={false} error={fieldErrors.cache_timeout} data-testid="edit-chart-cache-timeout" />
        <TextInput label="Certified by" value={certifiedBy} onChange={(e) => setCertifiedBy(e.currentTarget.value)} error={fieldErrors.certified_by}
          description="Person or group that has certified this chart." data-testid="edit-chart-certified-by" />
        <TextInput label="Certification details" value={certDetails} onChange={(e) => setCertDetails(e.currentTarget.value)} error={fieldErrors.certification_details}
          description="Any additional detail to show in the certification tooltip." data-testid="edit-chart-certification-details" />
        {error && <Alert color="red" data-testid="edit-chart-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy} data-testid="edit-chart-save">Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
