// GET /api/v1/_openapi: an OpenAPI 3 document made from the routes the Worker registered, so it can never list
// a path we do not serve nor miss one we added. It describes paths, methods and path parameters; bodies and
// answers follow Superset's own document, which tools already hold.

export interface RegisteredRoute {
  method: string;
  path: string;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
// Hono path parameters, with an optional pattern and optional mark: `:pk`, `:pk{[0-9]+}`, `:key?`
const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)(?:\{(?:[^{}]|\{[^}]*\})*\})?\??/g;

type Operation = {
  tags: string[];
  operationId: string;
  parameters?: { in: "path"; name: string; required: true; schema: { type: "integer" | "string" } }[];
  responses: Record<string, { description: string }>;
  security: { jwt: [] }[];
};

export function openApiDocument(routes: readonly RegisteredRoute[], info = { title: "Superset", version: "v1" }) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    if (!METHODS.has(route.method) || !route.path.startsWith("/api/") || route.path.includes("*")) continue;
    const names = [...route.path.matchAll(PARAM)].map((m) => m[1]);
    const template = route.path.replace(PARAM, (_m, name: string) => `{${name}}`);
    const method = route.method.toLowerCase();
    const entry = (paths[template] ??= {});
    if (entry[method]) continue; // a path registered in several calls (guard, then handler) is one operation
    entry[method] = {
      tags: [tagOf(template)],
      operationId: `${method}${template.replace(/[^A-Za-z0-9]+/g, "_").replace(/_+$/, "")}`,
      ...(names.length ? { parameters: names.map((name) => ({ in: "path" as const, name, required: true as const, schema: { type: isIdName(name) ? ("integer" as const) : ("string" as const) } })) } : {}),
      responses: { "200": { description: "Success" }, "401": { description: "Unauthorized" }, "403": { description: "Forbidden" } },
      security: [{ jwt: [] }],
    };
  }
  const sorted = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]));
  return {
    openapi: "3.0.2",
    info,
    servers: [{ url: "/" }],
    paths: sorted,
    components: { securitySchemes: { jwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
  };
}

/** The resource a path belongs to: the segment after /api/v1/ (database, chart, security …). */
function tagOf(template: string): string {
  const [, , , resource] = template.split("/");
  return resource || "api";
}

function isIdName(name: string): boolean {
  return name === "pk" || name.endsWith("_id") || name === "id";
}
