import { useState } from "react";
import { Button, Group, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { isNativeFilter, type FilterConfigItem } from "../../../../core/dashboards/filters/types";

// The left side of the configuration modal: the filters and dividers in bar order, dragged to reorder; a removed
// one shows "Restore" for 5 seconds (Superset's undo window), then leaves the list (and is deleted on Save).

export const REMOVAL_UNDO_MS = 5000;

const nameOf = (f: FilterConfigItem) => (isNativeFilter(f) ? f.name || "[untitled]" : f.title || "[untitled divider]");

export function FilterConfigList({ items, removed, selected, errors, onSelect, onRemove, onRestore, onMove }: {
  items: FilterConfigItem[];
  /** ids removed but still within their undo window */
  removed: string[];
  selected: string | null;
  errors: Record<string, string>;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
  onRestore: (id: string) => void;
  /** move `id` before `beforeId` (null: last) */
  onMove: (id: string, beforeId: string | null) => void;
}) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const drop = (beforeId: string | null) => {
    if (dragged) onMove(dragged, beforeId);
    setDragged(null);
    setOver(null);
  };
  return (
    <ScrollArea.Autosize mah={480}>
      <Stack gap={2} data-testid="filter-config-list">
        {items.map((f) => removed.includes(f.id) ? (
          <Group key={f.id} gap={4} justify="space-between" wrap="nowrap" data-testid="filter-config-removed">
            <Text size="xs" c="dimmed" td="line-through" truncate>{nameOf(f)}</Text>
            <Button size="compact-xs" variant="subtle" onClick={() => onRestore(f.id)} data-testid="filter-config-restore">Restore</Button>
          </Group>
        ) : (
          <div key={f.id} draggable data-testid="filter-config-drag" data-item-id={f.id}
            style={{ cursor: "grab", borderTop: over === f.id && dragged !== f.id ? "2px solid var(--mantine-color-blue-5)" : "2px solid transparent" }}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", f.id);
              setDragged(f.id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(f.id);
            }}
            onDrop={(e) => {
              e.preventDefault();
              drop(f.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}>
            <NavLink active={f.id === selected} label={nameOf(f)} onClick={() => onSelect(f.id)} c={errors[f.id] ? "red" : undefined}
              leftSection={<Text size="xs" c="dimmed" aria-hidden>⋮⋮</Text>} description={isNativeFilter(f) ? undefined : "Divider"} data-testid="filter-config-item"
              rightSection={<Button component="span" size="compact-xs" variant="subtle" color="red" aria-label={`Remove ${nameOf(f)}`}
                onClick={(e: React.MouseEvent) => { e.stopPropagation(); onRemove(f.id); }} data-testid="filter-config-remove">✕</Button>} />
          </div>
        ))}
        {/* dropping below the last item moves the dragged one to the end */}
        <div style={{ height: 16 }} data-testid="filter-config-drop-end" onDragOver={(e) => e.preventDefault()} onDrop={(e) => { e.preventDefault(); drop(null); }} />
      </Stack>
    </ScrollArea.Autosize>
  );
}
