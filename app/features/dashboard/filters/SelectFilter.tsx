import { useEffect, useRef, useState, type ClipboardEvent } from "react";
import { MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { filterColumn, filterDatasetId, type FilterValue } from "../../../../core/dashboards/filters/mask";
import { preFilterTime } from "../../../../core/dashboards/filters/pre-filter";
import { firstValueDefault, isPastedList, joinPages, matchPasted, selectAll, splitPasted } from "../../../../core/dashboards/filters/select-values";
import type { ControlProps } from "./control-types";
import { filterValuesPage } from "./values";

// A value filter (Superset's filter_select): options a page at a time (more load as the list is scrolled to its
// end), searched on the server when "Dynamically search all filter values" is on or when the first page did not
// hold every value (typing would otherwise search only the values loaded so far, and "Mich" found no "Michael"
// beyond the first page), "Select All" on top of a multiple choice, a note on top while the list is partial,
// and a pasted list ("CA, NY, TX") taken as values rather than as search text.

const SELECT_ALL = "\u0000select-all";
const PARTIAL_NOTE = "\u0000partial";
/** Superset's SLOW_DEBOUNCE, which its select filter waits before searching the server. */
const SEARCH_DEBOUNCE_MS = 500;
const label = (v: unknown) => (v === null ? "<NULL>" : String(v));

interface Options { pages: unknown[][]; more: boolean; loading: boolean; error: string | null }

export function SelectFilter({ filter, value, onChange, onFirstValue, parents, csrfToken }: ControlProps) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // whether the unsearched list stopped short of the column's values (then only the server can search them all)
  const [partial, setPartial] = useState(false);
  const serverSearch = Boolean(filter.controlValues.searchAllOptions) || partial;
  const query = serverSearch ? debounced : "";
  const [opts, setOpts] = useState<Options>({ pages: [], more: false, loading: true, error: null });
  const datasetId = filterDatasetId(filter);
  const column = filterColumn(filter);
  const parentKey = JSON.stringify(parents);
  // what the loaded pages were asked with: a change starts again from page 0
  const requestKey = JSON.stringify([datasetId, column, parentKey, query, filter.controlValues.sortAscending, (filter as { sortMetric?: unknown }).sortMetric, (filter as { adhoc_filters?: unknown }).adhoc_filters, preFilterTime(filter)]);
  const loadingPage = useRef<number | null>(null);

  const load = (page: number, key: string) => {
    if (loadingPage.current === page) return;
    loadingPage.current = page;
    setOpts((o) => ({ ...o, loading: true }));
    void filterValuesPage(filter, { parents: JSON.parse(parentKey), search: query, page }, csrfToken).then((r) => {
      if (key !== currentKey.current) return;
      loadingPage.current = null;
      if (!query && !("error" in r)) setPartial(r.more);
      setOpts((o) => ("error" in r
        ? { ...o, loading: false, more: false, error: r.error }
        : { pages: [...o.pages.slice(0, page), r.values], more: r.more, loading: false, error: null }));
    });
  };
  const currentKey = useRef(requestKey);
  useEffect(() => {
    currentKey.current = requestKey;
    loadingPage.current = null;
    setOpts({ pages: [], more: false, loading: true, error: null });
    load(0, requestKey);
  }, [requestKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const values = joinPages(opts.pages);
  // "Select first filter value by default": once the first page is in and nothing is chosen
  const first = !query && opts.pages.length ? firstValueDefault(filter, value, values) : null;
  useEffect(() => {
    if (first) (onFirstValue ?? onChange)(first);
  }, [JSON.stringify(first)]); // eslint-disable-line react-hooks/exhaustive-deps

  const multi = filter.controlValues.multiSelect !== false;
  const selectedValues = Array.isArray(value) ? value : [];
  const selected = selectedValues.map(label);
  const toValue = (labels: string[]): FilterValue => {
    const known = new Map([...selectedValues, ...values].map((v) => [label(v), v]));
    return labels.length ? labels.map((l) => (known.has(l) ? known.get(l) : l)) : null;
  };
  const optionLabels = [...new Set([...selected, ...values.map(label)])];
  const items = optionLabels.map((v) => ({ value: v, label: v }));
  const note = opts.more && !opts.loading
    ? [{ value: PARTIAL_NOTE, label: query ? `Showing the first ${values.length} matches: scroll for more` : `Showing the first ${values.length} values: type to search all`, disabled: true }]
    : [];
  // the note leads the list, where it is seen without scrolling through the page of values
  const data = [...note, ...(multi && values.length ? [{ value: SELECT_ALL, label: "Select All" }] : []), ...items];
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData("text");
    if (!isPastedList(text)) return;
    e.preventDefault();
    const pasted = matchPasted(splitPasted(text), values);
    onChange(multi ? selectAll(selectedValues, pasted) : [pasted[0]]);
    setSearch("");
  };
  const common = {
    data, searchable: true, searchValue: search, onSearchChange: setSearch, clearable: true, size: "sm" as const, onPaste,
    error: opts.error, nothingFoundMessage: opts.loading ? "Loading…" : "No data",
    placeholder: opts.loading && !values.length ? "Loading…" : `${values.length}${opts.more ? "+" : ""} options`,
    // searched on the server: every option the server sent matches, whatever the label looks like
    ...(serverSearch ? { filter: ({ options }: { options: unknown[] }) => options } : {}),
    scrollAreaProps: { onBottomReached: () => opts.more && !opts.loading && load(opts.pages.length, requestKey) },
    "aria-label": filter.name, "data-testid": "filter-select", "data-option-count": values.length, comboboxProps: { withinPortal: true },
  };
  return multi
    ? <MultiSelect {...(common as object)} data={data} value={selected}
      onChange={(v) => onChange(v.includes(SELECT_ALL) ? selectAll(selectedValues, values) : toValue(v))} />
    : <Select {...(common as object)} data={data} value={selected[0] ?? null} onChange={(v) => onChange(v === null ? null : toValue([v]))} />;
}
