import { Select, TextInput } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";
import type { Option } from "./options";

// The inputs of a list page's filter bar. Each shows what the address holds and reports a change at once
// (text on Enter or when leaving the field), so the address, not the inputs, is the state.

export function TextFilter({ label, value, placeholder, onApply, testId }: { label: string; value: string; placeholder?: string; onApply: (v: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  return (
    <TextInput label={label} value={text} placeholder={placeholder ?? t("Type a value")} w={220} data-testid={testId}
      onChange={(e) => setText(e.currentTarget.value)} onBlur={apply} onKeyDown={(e) => e.key === "Enter" && apply()} />
  );
}

export function SelectFilter({ label, value, options, onChange, testId }: { label: string; value: string | undefined; options: Option[]; onChange: (v: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  return <Select label={label} data={options} value={value ?? null} onChange={onChange} placeholder={t("Select or type a value")} clearable searchable w={200} data-testid={testId} />;
}

/**
 * A select whose options come from the API as the user types (owners, datasets …); the chosen value's label
 * is fetched with it (`fetchOptions(search, [id])`), so a reloaded address still shows a name, not an id.
 */
export function AsyncSelectFilter({ label, value, fetchOptions, onChange, testId }: {
  label: string;
  value: string | undefined;
  fetchOptions: (search: string, includeIds: number[]) => Promise<Option[]>;
  onChange: (v: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>([]);
  const [search, setSearch] = useState("");
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    const timer = setTimeout(() => {
      void fetchOptions(search, value ? [Number(value)] : []).then((found) => {
        if (call === latest.current) setOptions(found);
      });
    }, search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search, value, fetchOptions]);
  const selectedLabel = options.find((o) => o.value === value)?.label;
  return (
    <Select label={label} data={options} value={value ?? null} onChange={onChange} clearable searchable w={200} data-testid={testId}
      searchValue={search || (selectedLabel ?? "")} onSearchChange={(s) => setSearch(s === selectedLabel ? "" : s)}
      filter={({ options: all }) => all} placeholder={t("Select or type a value")} nothingFoundMessage={t("No matches")} />
  );
}
