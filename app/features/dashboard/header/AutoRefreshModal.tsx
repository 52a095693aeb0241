import { useState } from "react";
import { Alert, Button, Group, Modal, Select, Stack } from "@mantine/core";
import { REFRESH_INTERVALS } from "../../../../core/dashboards/refresh";

// Superset's RefreshIntervalModal: the interval at which the dashboard refreshes itself, for this session (the
// saved refresh_frequency is changed in the properties' JSON metadata or in edit mode).

export function AutoRefreshModal({ current, onApply, onClose }: { current: number; onApply: (seconds: number) => void; onClose: () => void }) {
  const known = REFRESH_INTERVALS.some(([s]) => s === current);
  const options = [...REFRESH_INTERVALS, ...(known ? [] : ([[current, `${current} seconds`]] as [number, string][]))];
  const [value, setValue] = useState(String(current));
  return (
    <Modal opened onClose={onClose} title="Refresh interval" data-testid="auto-refresh-modal">
      <Stack gap="sm">
        <Select label="Refresh frequency" data={options.map(([s, label]) => ({ value: String(s), label }))} value={value}
          onChange={(v) => v !== null && setValue(v)} allowDeselect={false} data-testid="auto-refresh-select" />
        <Alert color="blue" variant="light">This change will only apply to this session. Save the dashboard's properties to keep it.</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => onApply(Number(value))} data-testid="auto-refresh-save">Save for this session</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
