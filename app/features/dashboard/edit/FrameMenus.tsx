import { useState } from "react";
import { ActionIcon, Button, Menu, Popover, Stack, TextInput, Tooltip } from "@mantine/core";
import type { LayoutComponent } from "../../../../core/dashboards/layout";
import { useEdit } from "./edit-context";

// Small menus of a component's edit frame: the background of rows, columns and headers (Superset's Transparent or
// White), and the title a chart shows on this dashboard (sliceNameOverride; empty goes back to the chart's name).

const BACKGROUNDS = [
  { value: "BACKGROUND_TRANSPARENT", label: "Transparent" },
  { value: "BACKGROUND_WHITE", label: "White" },
];

export function BackgroundMenu({ component }: { component: LayoutComponent }) {
  const ctx = useEdit();
  const current = component.meta.background ?? "BACKGROUND_TRANSPARENT";
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Tooltip label="Background style">
          <ActionIcon size="sm" variant="default" aria-label="Background style" data-testid="background-menu">◐</ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {BACKGROUNDS.map((b) => (
          <Menu.Item key={b.value} onClick={() => ctx.setMeta(component.id, { background: b.value })} fw={b.value === current ? 700 : undefined}>{b.label}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ChartTitleMenu({ component, chartName }: { component: LayoutComponent; chartName: string }) {
  const ctx = useEdit();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const commit = () => {
    ctx.setMeta(component.id, { sliceNameOverride: draft.trim() || undefined });
    setOpen(false);
  };
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-start" withinPortal trapFocus>
      <Popover.Target>
        <Tooltip label="Rename on this dashboard">
          <ActionIcon size="sm" variant="default" aria-label="Rename chart on this dashboard" data-testid="rename-chart"
            onClick={() => { setDraft(component.meta.sliceNameOverride ?? ""); setOpen((o) => !o); }}>✎</ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput size="xs" label="Title on this dashboard" placeholder={chartName} value={draft} data-testid="chart-title-override"
            onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && commit()} />
          <Button size="compact-xs" onClick={commit}>Apply</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
