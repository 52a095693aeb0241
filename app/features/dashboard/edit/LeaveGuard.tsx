import { Button, Group, Modal, Text } from "@mantine/core";
import { useLeaveGuard } from "../../../components/use-leave-guard";

// Unsaved edits are never lost by leaving: closing or reloading the tab gets the browser's prompt, and a link to
// another page asks first (Superset's "Save changes to your dashboard?"), with Save, Discard or staying.

export function LeaveGuard({ dirty, onSave }: { dirty: boolean; onSave: () => Promise<boolean> }) {
  const blocker = useLeaveGuard(dirty);
  return (
    <Modal opened={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title="Save changes to your dashboard?" centered>
      <Text>If you don&apos;t save, changes will be lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">Stay</Button>
        <Button color="red" variant="light" onClick={() => blocker.proceed?.()} data-testid="leave-discard">Discard</Button>
        <Button onClick={() => void onSave().then((ok) => (ok ? blocker.proceed?.() : blocker.reset?.()))} data-testid="leave-save">Save</Button>
      </Group>
    </Modal>
  );
}
