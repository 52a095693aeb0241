import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";

// Whether the dashboard page is in edit mode: entered by the "Edit dashboard" button or by `?edit=true` in the
// address (only for those who may edit), and left by Discard or after a save. The address follows with
// replaceState, which is not a navigation. After a save the page's data is reloaded, and the editor stays on
// screen until it has arrived, so the view never flashes the layout from before the save.
// This file is imported by the view page: it must stay free of the editor's code, which loads lazily.

export function useEditMode(canEdit: boolean) {
  const [editing, setEditing] = useState(false);
  const [exiting, setExiting] = useState(false);
  const seenLoading = useRef(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (canEdit && new URLSearchParams(window.location.search).get("edit") === "true") setEditing(true);
  }, [canEdit]);

  const setAddress = (on: boolean) => {
    const url = new URL(window.location.href);
    if (on) url.searchParams.set("edit", "true");
    else url.searchParams.delete("edit");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  };

  const enter = useCallback(() => {
    setAddress(true);
    setEditing(true);
  }, []);

  const exit = useCallback((saved: boolean) => {
    setAddress(false);
    if (!saved) return setEditing(false);
    seenLoading.current = false;
    setExiting(true);
    revalidator.revalidate();
  }, [revalidator]);

  useEffect(() => {
    if (!exiting) return;
    if (revalidator.state !== "idle") {
      seenLoading.current = true;
      return;
    }
    const done = () => {
      setEditing(false);
      setExiting(false);
    };
    if (seenLoading.current) return done();
    const timer = window.setTimeout(done, 3000); // the reload was never seen starting: leave anyway
    return () => window.clearTimeout(timer);
  }, [exiting, revalidator.state]);

  return { editing: editing && canEdit, enter, exit };
}
