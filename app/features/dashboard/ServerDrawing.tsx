import { createContext, useContext, useEffect, useState, type RefObject } from "react";
import { useIsomorphicEffect } from "@mantine/hooks";
import { Box } from "@mantine/core";
import { GRID_WIDTH_COOKIE } from "../../../core/dashboards/page-drawing";

// A chart as the server drew it for the page's first paint (ADR 0015), shown over the chart's drawing area until
// the live chart has drawn. The SVG travels once: in the server's HTML. The server renders it from the page's
// drawings (given by entry.server.tsx); the browser, hydrating, takes the markup the server wrote from the
// element itself, so hydration matches and the loader data carries no copy. A page reached by a client-side
// navigation has no such element and shows its loaders as before.

const PageDrawingsContext = createContext<Record<number, string> | null>(null);
export const PageDrawingsProvider = PageDrawingsContext.Provider;

const elementId = (layoutId: string) => `server-drawing-${layoutId}`;

/** The server's drawing of this chart, or null. Read once: a drawing only ever goes away. */
export function useServerDrawing(layoutId: string, chartId: number | undefined): string | null {
  const drawings = useContext(PageDrawingsContext);
  const [html] = useState(() => {
    if (chartId === undefined) return null;
    if (drawings) return drawings[chartId] ?? null;
    return typeof document === "undefined" ? null : (document.getElementById(elementId(layoutId))?.innerHTML || null);
  });
  return html;
}

/** Hidden in the dark scheme: the server draws in the light one (the viewer's scheme lives in their browser). */
export function ServerDrawing({ layoutId, html }: { layoutId: string; html: string }) {
  return (
    <Box id={elementId(layoutId)} darkHidden pos="absolute" inset={0} style={{ pointerEvents: "none" }} data-testid="server-drawing"
      dangerouslySetInnerHTML={{ __html: html }} />
  );
}

const writeWidth = (width: number) => {
  document.cookie = `${GRID_WIDTH_COOKIE}=${width}; path=/; max-age=31536000; samesite=lax`;
};

/**
 * Records the dashboard grid's width in a cookie, so the next page's server pass draws its charts at their size.
 * The first width is written before the charts ask for their data: the drawings made after that batch request
 * (services/dashboards/predraw.ts) read it from the request's cookies. Later changes (a resized window) are
 * written once they settle.
 */
export function useGridWidthCookie(ref: RefObject<HTMLElement>) {
  useIsomorphicEffect(() => {
    const width = Math.round(ref.current?.getBoundingClientRect().width ?? 0);
    if (width) writeWidth(width);
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let written = Math.round(el.getBoundingClientRect().width);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (!width || width === written) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        written = width;
        writeWidth(width);
      }, 500);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, [ref]);
}
