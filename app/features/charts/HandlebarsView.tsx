import { useId, useMemo } from "react";
import { Center, ScrollArea, Text } from "@mantine/core";
import DOMPurify from "dompurify";
import type { HandlebarsModel } from "../../../core/charts/contract";
import { renderTemplate } from "../../../core/charts/types/handlebars/render";
import { scopeCss } from "../../../core/charts/types/handlebars/scope-css";

// A handlebars chart drawn: the template evaluated over the rows, its HTML sanitised (no scripts, no event
// handlers, no <style> of its own) and the chart's CSS scoped to its box. Loaded lazily by ChartView, so the
// parser is fetched only where such a chart is drawn.

export function sanitizeTemplateHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style"] });
}

export default function HandlebarsView({ model, height }: { model: HandlebarsModel; height: number }) {
  const scopeClass = `hbs-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const rendered = useMemo(() => renderTemplate(model.template, model.data), [model.template, model.data]);
  const html = useMemo(() => (rendered.html === undefined ? "" : sanitizeTemplateHtml(rendered.html)), [rendered]);
  if (rendered.error !== undefined) {
    return <Center h={height}><Text c="red" data-testid="chart-error" style={{ whiteSpace: "pre-wrap" }}>{rendered.error}</Text></Center>;
  }
  const css = scopeCss(model.style, `.${scopeClass}`);
  return (
    <ScrollArea h={height} data-testid="handlebars-chart">
      {css && <style>{css}</style>}
      <div className={scopeClass} dangerouslySetInnerHTML={{ __html: html }} />
    </ScrollArea>
  );
}
