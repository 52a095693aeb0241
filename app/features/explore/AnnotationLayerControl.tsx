import { useEffect, useState } from "react";
import { Button, Checkbox, ColorInput, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { PopoverListControl } from "./PopoverListControl";
import {
  ANNOTATION_TYPES, LINE_STYLES, OPACITIES, annotationLayerProblem, newAnnotationLayer, withAnnotationType, type AnnotationLayer,
} from "../../../core/charts/types/timeseries/annotation-layer-edit";
import { apiCall } from "../../components/api-call";
import { exploreStore } from "./store";

// Superset's annotation layers control of the timeseries charts: formula lines, and event / interval layers read
// from the product's annotation layers (Settings → Annotation layers). A layer is edited in a popover and applied
// only when complete; a change makes the chart stale, as the layers' records come with the next query.

const label = (pairs: [string, string][], v: unknown) => pairs.find(([k]) => k === v)?.[1] ?? String(v);

/** The native annotation layers the user may pick, by id. */
function useNativeLayers(wanted: boolean) {
  const [layers, setLayers] = useState<{ value: string; label: string }[] | null>(null);
  useEffect(() => {
    if (!wanted || layers) return;
    const q = encodeURIComponent("(columns:!(id,name),order_column:name,order_direction:asc,page_size:100)");
    void apiCall<{ result: { id: number; name: string }[] }>("GET", `/api/v1/annotation_layer/?q=${q}`, exploreStore.csrfToken)
      .then((res) => setLayers(res.ok ? res.body.result.map((l) => ({ value: String(l.id), label: l.name })) : []));
  }, [wanted, layers]);
  return layers;
}

function LayerEditor({ initial, otherNames, onApply, onCancel }: { initial: AnnotationLayer; otherNames: string[]; onApply: (l: AnnotationLayer) => void; onCancel: () => void }) {
  const [layer, setLayer] = useState(initial);
  const set = (patch: AnnotationLayer) => setLayer((l) => ({ ...l, ...patch }));
  const formula = layer.annotationType === "FORMULA";
  const natives = useNativeLayers(!formula);
  const problem = annotationLayerProblem(layer, otherNames);
  const noPortal = { withinPortal: false };
  return (
    <Stack gap="xs" w={300} data-testid="annotation-layer-editor">
      <TextInput size="xs" label="Name" required value={String(layer.name ?? "")} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Select size="xs" label="Annotation layer type" data={ANNOTATION_TYPES.map(([value, l]) => ({ value, label: l }))} value={String(layer.annotationType)}
        onChange={(v) => v && setLayer((l) => withAnnotationType(l, v))} comboboxProps={noPortal} allowDeselect={false} />
      {formula ? (
        <TextInput size="xs" label="Formula" description="An expression of x, the time in epoch milliseconds, e.g. 2*x+1" value={String(layer.value ?? "")} onChange={(e) => set({ value: e.currentTarget.value })} />
      ) : (
        <Select size="xs" label="Annotation layer" data={natives ?? []} value={layer.value === null ? null : String(layer.value)} onChange={(v) => set({ value: v === null ? null : Number(v) })}
          placeholder={natives && !natives.length ? "No annotation layers yet" : undefined} comboboxProps={noPortal} searchable />
      )}
      <Group grow gap="xs">
        <ColorInput size="xs" label="Color" format="hex" value={typeof layer.color === "string" ? layer.color : ""} onChange={(v) => set({ color: v || null })} popoverProps={noPortal} />
        <NumberInput size="xs" label="Line width" min={1} max={10} value={typeof layer.width === "number" ? layer.width : 1} onChange={(v) => set({ width: typeof v === "number" ? v : 1 })} />
      </Group>
      <Group grow gap="xs">
        <Select size="xs" label="Style" data={LINE_STYLES.map(([value, l]) => ({ value, label: l }))} value={String(layer.style ?? "solid")} onChange={(v) => v && set({ style: v })} comboboxProps={noPortal} allowDeselect={false} />
        {layer.annotationType === "INTERVAL" && (
          <Select size="xs" label="Opacity" data={OPACITIES.map(([value, l]) => ({ value, label: l }))} value={String(layer.opacity ?? "")} onChange={(v) => set({ opacity: v ?? "" })} comboboxProps={noPortal} allowDeselect={false} />
        )}
      </Group>
      <Checkbox size="xs" label="Hide layer" checked={layer.show === false} onChange={(e) => set({ show: !e.currentTarget.checked })} />
      {problem && <Text size="xs" c="dimmed" data-testid="annotation-layer-problem">{problem}</Text>}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onCancel}>Cancel</Button>
        <Button size="xs" disabled={problem !== null} onClick={() => onApply({ ...layer, name: String(layer.name).trim() })} data-testid="annotation-layer-apply">OK</Button>
      </Group>
    </Stack>
  );
}

export function AnnotationLayerControl({ value, onChange }: { value: unknown; onChange: (v: AnnotationLayer[]) => void }) {
  return (
    <PopoverListControl label="Annotation layers" items={(Array.isArray(value) ? value : []) as AnnotationLayer[]} onChange={onChange}
      summary={(layer) => <Text size="xs" truncate c={layer.show === false ? "dimmed" : undefined}>{String(layer.name)} · {label(ANNOTATION_TYPES, layer.annotationType)}</Text>}
      editor={(initial, others, apply, cancel) => (
        <LayerEditor initial={initial ?? newAnnotationLayer()} otherNames={others.map((l) => String(l.name))} onApply={apply} onCancel={cancel} />
      )}
      addLabel="+ Add annotation layer" removeLabel="Remove annotation layer" testIds={{ item: "annotation-layer", add: "add-annotation-layer" }} />
  );
}
