// SQL templates (Jinja subset, no eval): see render.ts and docs/decisions/0002-sql-templates.md.
export { renderSqlTemplate, type TemplateContext, type TemplateFilter } from "./render";
export { parseTemplateParams } from "./params";
