import { useEffect, useState } from "react";
import { Paper } from "@mantine/core";

// A markdown component of a dashboard (Superset's SafeMarkdown): the markdown becomes HTML and that HTML is
// sanitised with DOMPurify before it reaches the page, so a script, an event handler or a javascript: link in
// a layout written by anyone with edit rights never runs. DOMPurify needs a DOM: it renders in the browser only,
// and both libraries are imported when a markdown component mounts, not in the route's first load.

export function DashboardMarkdown({ code, width, height }: { code: string; width: string; height: number }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("./markdown-html").then(({ safeMarkdownHtml }) => {
      if (current) setHtml(safeMarkdownHtml(code));
    });
    return () => {
      current = false;
    };
  }, [code]);
  return (
    <Paper withBorder p="sm" style={{ width, height, overflow: "auto", flexShrink: 0 }} data-testid="dashboard-markdown">
      {html !== null && <div className="dashboard-markdown" dangerouslySetInnerHTML={{ __html: html }} />}
    </Paper>
  );
}
