import { MultiSelect, Stack, Switch, TextInput, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { relatedOptions, type Option } from "../../../components/list-view/options";
import type { FieldProps } from "./field-props";

const ownerOptions = relatedOptions("report", "owners");

/** Name, description, owners and whether the schedule runs. */
export function GeneralFields({ form, set, errors }: FieldProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      void ownerOptions(search, form.owners).then((found) => setOptions((prev) => [...prev, ...found.filter((f) => !prev.some((p) => p.value === f.value))]));
    }, search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search, form.owners]);
  const noun = form.type === "Alert" ? "alert" : "report";
  return (
    <Stack gap="xs">
      <TextInput label={`${form.type} name`} required value={form.name} error={errors.name} data-testid="report-name"
        placeholder={`Enter ${noun} name`} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Textarea label="Description" value={form.description} autosize minRows={1} data-testid="report-description"
        onChange={(e) => set({ description: e.currentTarget.value })} />
      <MultiSelect label="Owners" data={options} value={form.owners.map(String)} searchable searchValue={search} onSearchChange={setSearch}
        error={errors.owners} data-testid="report-owners" onChange={(v) => set({ owners: v.map(Number) })} />
      <Switch label="Active" checked={form.active} data-testid="report-active" onChange={(e) => set({ active: e.currentTarget.checked })} />
    </Stack>
  );
}
