import { Box, Button, Code, Group, Modal, ScrollArea, SimpleGrid, Stack, Text } from "@mantine/core";
import { OVERWRITE_CONFIRM_MESSAGE } from "../../../../core/dashboards/edit/save";
import type { PendingOverwrite } from "./useSaveDashboard";

// Superset's overwrite confirmation: the dashboard changed on the server since it was opened, and each value this
// save would replace is listed, the server's beside ours, before the user decides.

export function OverwriteModal({ pending, saving, onCancel, onConfirm }: {
  pending: PendingOverwrite | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={pending !== null} onClose={onCancel} title="Confirm overwrite" size="xl" data-testid="overwrite-modal">
      <Stack gap="sm">
        <Text data-testid="overwrite-message">{OVERWRITE_CONFIRM_MESSAGE}</Text>
        <Text size="sm" c="dimmed">This dashboard was changed by someone else since you opened it. Saving replaces these values:</Text>
        <ScrollArea.Autosize mah={420}>
          <Stack gap="md">
            {pending?.items.map((item) => (
              <Box key={item.keyPath} data-testid="overwrite-item" data-key-path={item.keyPath}>
                <Text size="sm" fw={600}>{item.keyPath}</Text>
                <SimpleGrid cols={2} spacing="xs">
                  <Box><Text size="xs" c="dimmed">Current (on the server)</Text><Code block>{item.oldValue || "(none)"}</Code></Box>
                  <Box><Text size="xs" c="dimmed">Yours</Text><Code block>{item.newValue || "(removed)"}</Code></Box>
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="overwrite-cancel">Cancel</Button>
          <Button color="red" loading={saving} onClick={onConfirm} data-testid="overwrite-confirm">Yes, overwrite changes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
