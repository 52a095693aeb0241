import { startTransition, useEffect, useRef, useState } from "react";

// What a dashboard chart learns about its box once the page is in the browser: whether it is near the viewport
// and the size it draws at. Both arrive for every chart at once (one IntersectionObserver / ResizeObserver
// delivery), so their updates are transitions: React renders the 24 charts in slices of a few ms between which
// the browser stays responsive, instead of one task for all of them (issue 11: no long task over 200 ms).

/** Starts once the element is within a screen of the viewport; stays started. */
export function useNearViewport<T extends HTMLElement>(): [React.RefObject<T>, boolean] {
  const ref = useRef<T>(null!);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), { rootMargin: "100px 0px" });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** The element's content box, rounded to whole pixels (0 × 0 until measured). */
export function useBoxSize<T extends HTMLElement>(): { ref: React.RefObject<T>; width: number; height: number } {
  const ref = useRef<T>(null!);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      const height = Math.round(entry.contentRect.height);
      startTransition(() => setSize((s) => (s.width === width && s.height === height ? s : { width, height })));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, ...size };
}
