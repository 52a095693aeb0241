import type { PopoverProps } from "@mantine/core";

// Floating-ui placement for tall popover editors (the time range picker, Explore's filter editor). Mantine's
// defaults flip a popover above its button when there is less room below, then shift it only sideways, so a
// picker taller than the room above started off the top of the screen. Here it also moves up or down into the
// viewport (over its button if it must, as Superset's antd popovers do), and one taller than the viewport
// scrolls inside it. The scroll is set only then: the selects inside open their options without a portal, and an
// always-scrolling box would clip their lists.

const MARGIN = 8;

export const KEEP_IN_VIEWPORT: NonNullable<PopoverProps["middlewares"]> = {
  flip: true,
  // no limiter: the popover may cover its own button rather than leave the screen
  shift: { padding: MARGIN, crossAxis: true, limiter: undefined },
  size: {
    padding: MARGIN,
    apply({ elements }: { elements: { floating: HTMLElement } }) {
      const style = elements.floating.style;
      const content = elements.floating.firstElementChild?.getBoundingClientRect().height ?? 0;
      const room = window.innerHeight - 2 * MARGIN;
      style.maxHeight = content > room ? `${room}px` : "";
      style.overflowY = content > room ? "auto" : "";
    },
  },
};
