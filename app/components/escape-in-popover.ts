import type { KeyboardEvent } from "react";

// A popover editor holding selects (Explore's filter, metric and list editors, a dashboard's time filter) sets closeOnEscape={false} and
// gives its Popover.Dropdown this onKeyDownCapture instead. Mantine's own Escape handler runs in the capture
// phase on the dropdown, before the select sees the key, so Escape meant to close a select's options closed the
// whole editor and dropped the filter being made. As in Superset (antd's Select keeps that Escape), Escape in a
// select whose options are open, or in a popover nested inside (a calendar), closes only that one.

function closesSomethingInside(target: HTMLElement, dropdown: HTMLElement): boolean {
  // Mantine's combobox targets name their open options list through aria-controls
  if (target.getAttribute("aria-haspopup") === "listbox" && target.hasAttribute("aria-controls")) return true;
  const nested = target.closest(".mantine-Popover-dropdown");
  return nested !== null && nested !== dropdown && dropdown.contains(nested);
}

export function escapeClosesEditor(close: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !(event.target instanceof HTMLElement)) return;
    if (closesSomethingInside(event.target, event.currentTarget)) return;
    close();
  };
}
