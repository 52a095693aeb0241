import { expect, test } from "vitest";
import { openApiDocument } from "./openapi";

const routes = [
  { method: "ALL", path: "/*" },
  { method: "GET", path: "/api/v1/database/:pk/function_names/" },
  { method: "GET", path: "/api/v1/database/:pk/function_names/" },
  { method: "POST", path: "/api/v1/database/:pk/validate_sql/" },
  { method: "GET", path: "/api/v1/sqllab/export/:clientId/" },
  { method: "GET", path: "/api/v1/chart/:pk{[0-9]+}" },
  { method: "ALL", path: "/api/*" },
  { method: "GET", path: "/login/" },
];

test("API routes become OpenAPI paths with their methods and path parameters; pages, wildcards and ALL are left out", () => {
  const doc = openApiDocument(routes);
  expect(doc.openapi).toBe("3.0.2");
  expect(Object.keys(doc.paths)).toEqual([
    "/api/v1/chart/{pk}",
    "/api/v1/database/{pk}/function_names/",
    "/api/v1/database/{pk}/validate_sql/",
    "/api/v1/sqllab/export/{clientId}/",
  ]);
  expect(Object.keys(doc.paths["/api/v1/database/{pk}/function_names/"])).toEqual(["get"]);
  expect(doc.paths["/api/v1/database/{pk}/validate_sql/"].post).toMatchObject({
    tags: ["database"],
    parameters: [{ in: "path", name: "pk", required: true, schema: { type: "integer" } }],
    security: [{ jwt: [] }],
  });
  expect(doc.paths["/api/v1/sqllab/export/{clientId}/"].get.parameters).toEqual([{ in: "path", name: "clientId", required: true, schema: { type: "string" } }]);
});

test("operation ids are unique across methods and paths", () => {
  const doc = openApiDocument([...routes, { method: "PUT", path: "/api/v1/chart/:pk" }, { method: "DELETE", path: "/api/v1/chart/:pk" }]);
  const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
  expect(new Set(ids).size).toBe(ids.length);
});
