import { Accordion, Autocomplete, Checkbox, ColorInput, Group, Input, MultiSelect, NumberInput, Select, Slider, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import type { Control, ControlPanel as Panel, FormData } from "../../../core/charts/contract";
import { controlValue } from "../../../core/charts/controls/validate";
import { FiltersControl } from "./FiltersControl";
import { MetricsControl } from "./MetricsControl";
import { ConditionalFormattingControl } from "./ConditionalFormattingControl";
import { AnnotationLayerControl } from "./AnnotationLayerControl";
import { JsonListControl } from "./JsonListControl";
import { formattableColumns } from "../../../core/charts/types/table/conditional-formatting";
import type { QueryData } from "../../../core/charts/contract";
import type { ExploreDataset } from "./store";
import { useDropTarget } from "./dnd";

// Any chart type's declarative control panel drawn generically: one widget per control type, Superset's
// validation messages under the control.

const SUPPORTED = new Set<Control["type"]>([
  "MetricsControl", "MetricControl", "GroupByControl", "ColumnControl", "XAxisControl", "AdhocFilterControl", "SelectControl", "TextControl",
  "NumberControl", "CheckboxControl", "SliderControl", "BoundsControl", "ColorSchemeControl", "SequentialColorSchemeControl",
  "ColorPickerControl", "TimeGrainControl", "TextAreaControl", "ConditionalFormattingControl", "AnnotationLayerControl", "JsonListControl",
]);

const key = (v: unknown) => JSON.stringify(v ?? null);

/** Superset's {r,g,b,a} colours as the rgba() text ColorInput edits. */
const rgbaText = (v: unknown) => {
  const c = (v ?? {}) as { r?: number; g?: number; b?: number; a?: number };
  return c.r === undefined ? "" : `rgba(${c.r}, ${c.g}, ${c.b}, ${c.a ?? 1})`;
};
function parseRgba(text: string) {
  const m = /rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)/.exec(text);
  return m ? { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: m[4] === undefined ? 1 : Number(m[4]) } : null;
}

interface WidgetProps {
  control: Control;
  value: unknown;
  dataset: ExploreDataset;
  formData: FormData;
  /** the last chart-data answer, for controls that offer its columns */
  answer: QueryData | null;
  error?: string;
  onChange: (v: unknown) => void;
}

function ChoiceWidget({ control, value, error, onChange }: WidgetProps) {
  const choices = control.choices ?? [];
  const common = { label: control.label, description: control.description, error, size: "xs" as const };
  if (control.freeForm) {
    const numeric = choices.length > 0 && choices.every(([v]) => typeof v === "number");
    const fromText = (t: string) => (t.trim() === "" ? null : numeric && /^-?\d+(\.\d+)?$/.test(t.trim()) ? Number(t) : t);
    if (control.multi)
      return <TagsInput {...common} value={Array.isArray(value) ? value.map(String) : []} onChange={(v) => onChange(v.map(fromText))} data={choices.map(([v]) => String(v))} />;
    return <Autocomplete {...common} value={value === null || value === undefined ? "" : String(value)} onChange={(t) => onChange(fromText(t))} data={[...new Set(choices.map(([v]) => String(v)))]} />;
  }
  const data = choices.map(([v, label]) => ({ value: key(v), label }));
  const byKey = new Map(choices.map(([v]) => [key(v), v]));
  if (control.multi)
    return <MultiSelect {...common} searchable value={Array.isArray(value) ? value.map(key) : []} onChange={(ks) => onChange(ks.map((k) => byKey.get(k)))} data={data} />;
  return <Select {...common} searchable value={byKey.has(key(value)) ? key(value) : null} onChange={(k) => onChange(k === null ? null : byKey.get(k))} data={data} />;
}

function ColumnWidget({ control, value, dataset, error, onChange }: WidgetProps) {
  const columns = control.type === "XAxisControl" ? dataset.columns : dataset.columns.filter((c) => c.groupby !== false);
  const data = columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
  const common = { label: control.label, description: control.description, error, size: "xs" as const, searchable: true, clearable: true };
  const multi = control.type === "GroupByControl" && control.multi !== false;
  const current = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  // a column dragged from the dataset pane is added (or set); a metric is refused
  const drop = useDropTarget(["column"], (_kind, name) => {
    if (!columns.some((c) => c.column_name === name)) return;
    const all = Array.isArray(value) ? value : []; // adhoc columns (objects) stay
    onChange(multi ? [...all.filter((v) => v !== name), name] : name);
  });
  const target = { ...drop.handlers, style: drop.style, "data-drop-state": drop.state ?? undefined, "data-testid": "columns-drop" };
  if (multi) return <div {...target}><MultiSelect {...common} value={current} onChange={onChange} data={data} /></div>;
  return <div {...target}><Select {...common} value={typeof value === "string" ? value : null} onChange={onChange} data={data} /></div>;
}

function Widget(props: WidgetProps) {
  const { control, value, error, onChange, dataset } = props;
  const common = { label: control.label, description: control.description, error, size: "xs" as const };
  switch (control.type) {
    case "MetricsControl":
    case "MetricControl":
      return (
        <Input.Wrapper {...common}>
          <MetricsControl value={value} multi={control.type === "MetricsControl"} dataset={dataset} onChange={onChange} label={control.label} />
        </Input.Wrapper>
      );
    case "AdhocFilterControl":
      return <Input.Wrapper {...common}><FiltersControl value={value} dataset={dataset} onChange={onChange} /></Input.Wrapper>;
    case "GroupByControl":
    case "ColumnControl":
    case "XAxisControl":
      return <ColumnWidget {...props} />;
    case "SelectControl":
    case "TimeGrainControl":
    case "ColorSchemeControl":
    case "SequentialColorSchemeControl":
      return <ChoiceWidget {...props} />;
    case "CheckboxControl":
      return <Checkbox label={control.label} description={control.description} error={error} size="xs" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case "TextControl":
      return <TextInput {...common} value={value === null || value === undefined ? "" : String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "TextAreaControl":
      return <Textarea {...common} autosize minRows={2} value={value === null || value === undefined ? "" : String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "NumberControl":
      return <NumberInput {...common} min={control.min} max={control.max} step={control.step} value={typeof value === "number" ? value : ""} onChange={(v) => onChange(typeof v === "number" ? v : null)} />;
    case "SliderControl":
      return (
        <Input.Wrapper {...common}>
          <Slider min={control.min ?? 0} max={control.max ?? 100} step={control.step ?? 1} value={typeof value === "number" ? value : Number(control.default ?? 0)} onChange={onChange} />
        </Input.Wrapper>
      );
    case "BoundsControl": {
      const [min, max] = Array.isArray(value) ? value : [null, null];
      const num = (v: string | number) => (typeof v === "number" ? v : null);
      return (
        <Input.Wrapper {...common}>
          <Group grow gap="xs">
            <NumberInput size="xs" placeholder="Min" value={typeof min === "number" ? min : ""} onChange={(v) => onChange([num(v), max ?? null])} aria-label={`${control.label} min`} />
            <NumberInput size="xs" placeholder="Max" value={typeof max === "number" ? max : ""} onChange={(v) => onChange([min ?? null, num(v)])} aria-label={`${control.label} max`} />
          </Group>
        </Input.Wrapper>
      );
    }
    case "JsonListControl":
      return <JsonListControl label={control.label} description={control.description} value={value} onChange={onChange} />;
    case "AnnotationLayerControl":
      return <AnnotationLayerControl value={value} onChange={onChange} />;
    case "ConditionalFormattingControl":
      return <ConditionalFormattingControl label={control.label} description={control.description} value={value} onChange={onChange}
        columns={formattableColumns(props.formData, props.answer as { colnames?: string[]; coltypes?: number[] } | null)} />;
    case "ColorPickerControl":
      return <ColorInput {...common} format="rgba" value={rgbaText(value)} onChange={(t) => { const c = parseRgba(t); if (c) onChange(c); }} />;
    default:
      return null;
  }
}

export function ControlPanel({ panel, formData, errors, dataset, answer, onChange }: {
  panel: Panel; formData: FormData; errors: Record<string, string[]>; dataset: ExploreDataset; answer: QueryData | null; onChange: (name: string, value: unknown) => void;
}) {
  const open = panel.sections.filter((s) => s.expanded).map((s) => s.label);
  return (
    <Accordion multiple defaultValue={open} variant="contained" key={String(formData.viz_type)}>
      {panel.sections.map((section) => {
        const controls = section.controls.filter((c) => SUPPORTED.has(c.type) && (!c.visibility || c.visibility(formData, dataset.columns)));
        if (!controls.length) return null;
        return (
          <Accordion.Item value={section.label} key={section.label}>
            <Accordion.Control>{section.label}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {controls.map((control) => (
                  <div key={control.name} data-testid={`control-${control.name}`}>
                    <Widget control={control} value={controlValue(control, formData)} dataset={dataset} formData={formData} answer={answer} error={errors[control.name]?.map((m) => `${control.label} ${m}`).join(". ")} onChange={(v) => onChange(control.name, v)} />
                  </div>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
