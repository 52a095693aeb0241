import { Notification, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import { dismissToast, toastStore } from "./toast-store";

const COLORS = { info: "blue", success: "green", warning: "yellow", danger: "red" } as const;

/**
 * Bottom left: modals put their buttons at their bottom right, where Superset's bottom-right toasts would cover
 * them (a form's error toast over its own Save button). Above modals (z-index 200) so a modal's errors show.
 */
export function Toasts() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <Stack pos="fixed" bottom={16} left={16} style={{ zIndex: 1000, width: "min(360px, calc(100vw - 32px))" }} gap="xs" aria-live="polite">
      {toasts.map((t) => (
        <Notification key={t.id} color={COLORS[t.type]} onClose={() => dismissToast(t.id)} data-testid="toast" data-toast-type={t.type}>
          {t.text}
        </Notification>
      ))}
    </Stack>
  );
}
