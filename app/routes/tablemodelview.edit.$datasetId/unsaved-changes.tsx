import { Button, Group, Modal, Text } from "@mantine/core";
import { useLeaveGuard } from "../../components/use-leave-guard";

/**
 * Asks before leaving an editor with unsaved changes: in-app navigation opens a confirmation; closing or
 * reloading the tab gets the browser's own prompt (browsers show their own text, never ours).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useLeaveGuard(dirty);
  return (
    <Modal opened={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title="Unsaved changes" centered>
      <Text>You have unsaved changes to this dataset. Leave without saving them?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
