import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";

/**
 * Superset's delete confirmation: the user types DELETE before the button is enabled. `onConfirm` answers
 * an error message when the delete failed; the dialog then stays open with the message, so nothing is lost.
 */
export function ConfirmDeleteModal({ title, description, onConfirm, onClose }: {
  title: string;
  description: React.ReactNode;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(await onConfirm());
    setBusy(false);
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text>{description}</Text>
        {error && <Alert color="red" data-testid="delete-error">{error}</Alert>}
        <TextInput label={t("Type \"DELETE\" to confirm")} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="delete-confirm-text" data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("Cancel")}</Button>
          <Button color="red" onClick={confirm} loading={busy} disabled={typed !== "DELETE"} data-testid="confirm-delete">{t("Delete")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
