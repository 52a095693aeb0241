import { Notification, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import { dismissToast, toastStore } from "./toast-store";

const COLORS = { info: "blue", success: "green", warning: "yellow", danger: "red" } as const;

export function Toasts() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <Stack pos="fixed" bottom={16} right={16} style={{ zIndex: 1000, width: 360 }} gap="xs" aria-live="polite">
      {toasts.map((t) => (
        <Notification key={t.id} color={COLORS[t.type]} onClose={() => dismissToast(t.id)} data-testid="toast" data-toast-type={t.type}>
          {t.text}
        </Notification>
      ))}
    </Stack>
  );
}
