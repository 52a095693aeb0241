import { useCallback, useEffect, useState } from "react";

// Superset's full-size chart: one chart fills the window over the dashboard; Esc (or the menu) leaves.
// While full size the page behind does not scroll.

export function useFullSize(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOn(false);
    window.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [on]);
  // the same toggle every render (the chart's header is memoised on it)
  return [on, useCallback(() => setOn((v) => !v), [])];
}

export const FULL_SIZE_STYLE: React.CSSProperties = {
  position: "fixed", inset: 16, zIndex: 150, width: "auto", height: "auto", boxShadow: "var(--mantine-shadow-xl)",
};
