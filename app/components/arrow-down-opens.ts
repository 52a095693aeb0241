import type { KeyboardEvent } from "react";

// The WAI-ARIA menu button pattern: ArrowDown on a closed menu's button opens it and puts focus on its first item.
// Mantine's Menu opens on click, Enter and Space only, and moves between items once open; this handler, on a
// Menu.Target's button, adds the ArrowDown step (issue 31: keyboard use).

function firstItemOf(button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute("aria-controls");
  return (id ? document.getElementById(id) : null)?.querySelector<HTMLElement>("[role=menuitem]:not([disabled])") ?? null;
}

export function arrowDownOpens(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "ArrowDown" || event.altKey || event.ctrlKey || event.metaKey) return;
  const button = event.currentTarget;
  event.preventDefault();
  if (button.getAttribute("aria-expanded") !== "true") button.click();
  // the dropdown renders on the next frames (a portal, then its transition)
  let tries = 0;
  const focusFirst = () => {
    const item = firstItemOf(button);
    if (item) item.focus();
    else if (++tries < 10) requestAnimationFrame(focusFirst);
  };
  requestAnimationFrame(focusFirst);
}
