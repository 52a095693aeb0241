import { startTransition, useEffect, useRef, useState } from "react";

// What a dashboard chart learns about its box once the page is in the browser: whether it is near the viewport
// and the size it draws at. The two arrive together: the intersection callback reads the drawing area's size
// and sets both in one state update, so a chart coming into view renders once, not once per observer. Every
// chart learns this at once (one IntersectionObserver delivery), so the updates are transitions: React renders
// the 24 charts in slices of a few ms between which the browser stays responsive (issue 11: no long task over
// 200 ms).

export interface ChartBox<B extends HTMLElement, D extends HTMLElement> {
  /** the chart's whole box: watched for coming within a screen of the viewport */
  boxRef: React.RefObject<B>;
  /** the area the chart draws in: its content box is the size it draws at */
  drawRef: React.RefObject<D>;
  /** true once the box came near the viewport; stays true */
  near: boolean;
  /** the drawing area's size in whole pixels (0 × 0 until near) */
  width: number;
  height: number;
}

interface BoxState {
  near: boolean;
  width: number;
  height: number;
}

const FAR: BoxState = { near: false, width: 0, height: 0 };

export function useChartBox<B extends HTMLElement, D extends HTMLElement>(): ChartBox<B, D> {
  const boxRef = useRef<B>(null!);
  const drawRef = useRef<D>(null!);
  const [state, setState] = useState<BoxState>(FAR);
  // the last state asked for, read by the observers' callbacks: an unchanged size sets no state (no render)
  const last = useRef<BoxState>(FAR);
  useEffect(() => {
    const box = boxRef.current;
    const draw = drawRef.current;
    if (!box || !draw) return;
    const update = (next: BoxState) => {
      const s = last.current;
      if (s.near === next.near && s.width === next.width && s.height === next.height) return;
      last.current = next;
      startTransition(() => setState(next));
    };
    // the drawing area has no padding or border, so its client size is its content box
    const measure = (near: boolean): BoxState => ({ near, width: Math.round(draw.clientWidth), height: Math.round(draw.clientHeight) });
    if (typeof IntersectionObserver === "undefined" || typeof ResizeObserver === "undefined") {
      update(measure(true));
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      update(measure(true));
    }, { rootMargin: "100px 0px" });
    if (!last.current.near) io.observe(box);
    // later size changes (edit-mode resizing, the full-size view, the window) redraw the chart at the new size;
    // before the chart is near, its size is read when it comes near
    const ro = new ResizeObserver(([entry]) => {
      if (!last.current.near) return;
      update({ near: true, width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
    });
    ro.observe(draw);
    return () => {
      io.disconnect();
      ro.disconnect();
    };
  }, []);
  return { boxRef, drawRef, ...state };
}
