import { useState } from "react";
import { Button, ColorSwatch, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { PopoverListControl } from "./PopoverListControl";
import { COMPARATORS, FORMATTER_COLORS, describeRule, isBetween, ruleProblem } from "../../../core/charts/types/table/conditional-formatting";

// Superset's conditional formatting control of the table chart: a list of colour formatters, each colouring the
// cells of one numeric column that pass its comparison. A formatter is edited in a popover and applied only once
// it is complete (column, colour, operator and its values), so a half-typed rule never reaches the chart.

type Rule = Record<string, unknown>;

function RuleEditor({ initial, columns, onApply, onCancel }: { initial: Rule; columns: string[]; onApply: (r: Rule) => void; onCancel: () => void }) {
  const [rule, setRule] = useState<Rule>(initial);
  const set = (patch: Rule) => setRule((r) => ({ ...r, ...patch }));
  const num = (v: string | number) => (typeof v === "number" ? v : undefined);
  const problem = ruleProblem(rule);
  const between = isBetween(rule.operator);
  return (
    <Stack gap="xs" w={280} data-testid="formatter-editor">
      <Select size="xs" label="Column" data={columns} value={typeof rule.column === "string" ? rule.column : null} onChange={(v) => set({ column: v ?? undefined })} searchable comboboxProps={{ withinPortal: false }} />
      <Select size="xs" label="Color scheme" value={typeof rule.colorScheme === "string" ? rule.colorScheme : null} onChange={(v) => set({ colorScheme: v ?? undefined })}
        data={FORMATTER_COLORS.map(([value, label]) => ({ value, label }))} comboboxProps={{ withinPortal: false }}
        renderOption={({ option }) => <Group gap="xs"><ColorSwatch color={option.value} size={14} />{option.label}</Group>} />
      <Select size="xs" label="Operator" data={[...COMPARATORS]} value={typeof rule.operator === "string" ? rule.operator : null} onChange={(v) => set({ operator: v ?? undefined })} comboboxProps={{ withinPortal: false }} />
      {between && (
        <Group grow gap="xs">
          <NumberInput size="xs" label="Left value" value={num(rule.targetValueLeft as number) ?? ""} onChange={(v) => set({ targetValueLeft: num(v) })} />
          <NumberInput size="xs" label="Right value" value={num(rule.targetValueRight as number) ?? ""} onChange={(v) => set({ targetValueRight: num(v) })} />
        </Group>
      )}
      {!between && rule.operator !== "None" && rule.operator !== undefined && (
        <NumberInput size="xs" label="Target value" value={num(rule.targetValue as number) ?? ""} onChange={(v) => set({ targetValue: num(v) })} />
      )}
      {problem && <Text size="xs" c="dimmed" data-testid="formatter-problem">{problem}</Text>}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onCancel}>Cancel</Button>
        <Button size="xs" disabled={problem !== null} onClick={() => onApply(rule)} data-testid="formatter-apply">Apply</Button>
      </Group>
    </Stack>
  );
}

export function ConditionalFormattingControl({ label, description, value, columns, onChange }: {
  label: string; description?: string; value: unknown; columns: string[]; onChange: (v: Rule[]) => void;
}) {
  return (
    <PopoverListControl label={label} description={description} items={(Array.isArray(value) ? value : []) as Rule[]} onChange={onChange}
      summary={(rule) => (
        <Group gap="xs" wrap="nowrap">
          {typeof rule.colorScheme === "string" && <ColorSwatch color={rule.colorScheme} size={12} />}
          <Text size="xs" truncate>{describeRule(rule)}</Text>
        </Group>
      )}
      editor={(initial, _others, apply, cancel) => (
        <RuleEditor initial={initial ?? { operator: "None", colorScheme: FORMATTER_COLORS[0][0] }} columns={columns} onApply={apply} onCancel={cancel} />
      )}
      addLabel="+ Add new color formatter" addDisabled={!columns.length} removeLabel="Remove formatter" testIds={{ item: "formatter", add: "add-formatter" }}
      footer={!columns.length && <Text size="xs" c="dimmed">Run the chart to choose among its numeric columns.</Text>} />
  );
}
