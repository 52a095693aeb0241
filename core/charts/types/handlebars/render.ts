import { parse } from "@handlebars/parser";
import { evaluate, TemplateError } from "./evaluate";

// Parse and evaluate a handlebars chart's template over its rows. Its own module so the parser loads only where a
// handlebars chart is drawn (ChartView imports it lazily). The HTML it gives is sanitised by the caller.

export type Rendered = { html: string; error?: undefined } | { html?: undefined; error: string };

export function renderTemplate(template: string, data: Record<string, unknown>[]): Rendered {
  let program;
  try {
    program = parse(template);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  try {
    return { html: evaluate(program, { data }) };
  } catch (e) {
    if (e instanceof TemplateError) return { error: e.message };
    throw e;
  }
}
