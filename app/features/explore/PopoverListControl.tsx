import { useState, type ReactNode } from "react";
import { ActionIcon, Button, Group, Input, Paper, Popover, Stack, UnstyledButton } from "@mantine/core";
import { escapeClosesEditor } from "../../components/escape-in-popover";

// A control holding a list of items each edited in a popover (Superset's conditional formatters and annotation
// layers): a row per item that opens its editor, a remove button, and an "add" button opening an empty editor.
// The editor applies a complete item or cancels; nothing half-edited reaches the form data.

type Item = Record<string, unknown>;

export function PopoverListControl({ label, description, items, onChange, summary, editor, addLabel, addDisabled, testIds, removeLabel, footer }: {
  label: string;
  description?: string;
  items: Item[];
  onChange: (items: Item[]) => void;
  /** the row's content for an item */
  summary: (item: Item) => ReactNode;
  /** the editor of an item (null: a new one), calling apply with the complete item or cancel */
  editor: (initial: Item | null, others: Item[], apply: (item: Item) => void, cancel: () => void) => ReactNode;
  addLabel: string;
  addDisabled?: boolean;
  testIds: { item: string; add: string };
  removeLabel: string;
  footer?: ReactNode;
}) {
  // the item being edited: its index, or -1 for a new one
  const [editing, setEditing] = useState<number | null>(null);
  const apply = (item: Item) => {
    onChange(editing === -1 || editing === null ? [...items, item] : items.map((x, i) => (i === editing ? item : x)));
    setEditing(null);
  };
  const withEditor = (index: number, target: ReactNode) => (
    <Popover opened={editing === index} onChange={(o) => !o && setEditing(null)} position="right-start" withArrow trapFocus closeOnEscape={false} key={index}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown onKeyDownCapture={escapeClosesEditor(() => setEditing(null))}>
        {editing === index && editor(index === -1 ? null : items[index], items.filter((_, i) => i !== index), apply, () => setEditing(null))}
      </Popover.Dropdown>
    </Popover>
  );
  return (
    <Input.Wrapper label={label} description={description}>
      <Stack gap={4} mt={4}>
        {items.map((item, i) =>
          withEditor(i, (
            <Paper withBorder px="xs" py={4} data-testid={testIds.item}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <UnstyledButton onClick={() => setEditing(i)} style={{ flex: 1, minWidth: 0 }}>{summary(item)}</UnstyledButton>
                <ActionIcon size="xs" variant="subtle" color="gray" aria-label={removeLabel} onClick={() => onChange(items.filter((_, j) => j !== i))}>×</ActionIcon>
              </Group>
            </Paper>
          )),
        )}
        {withEditor(-1, <Button size="xs" variant="light" onClick={() => setEditing(-1)} disabled={addDisabled} data-testid={testIds.add}>{addLabel}</Button>)}
        {footer}
      </Stack>
    </Input.Wrapper>
  );
}
