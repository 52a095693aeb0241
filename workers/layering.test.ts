import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";

// The floors of the project (README "Architecture", docs/decisions/0009-services-floor.md): every import
// arrow points down. workers/ (routes) → durable-objects/ → services/ → db/ → core/; app/ sits beside
// workers/. Test files follow the rules of the folder they sit in.

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
const FOLDERS = ["app", "workers", "durable-objects", "services", "db", "core", "scripts", "bench", "tests", "types"];

/** For each folder, the project folders it must not import (type-only imports included). */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: FOLDERS.filter((f) => f !== "core"),
  db: ["app", "workers", "durable-objects", "services", "tests", "scripts", "bench"],
  services: ["app", "workers", "durable-objects", "tests", "scripts", "bench"],
  "durable-objects": ["app", "workers", "tests", "scripts", "bench"],
  app: ["workers", "durable-objects", "tests", "scripts", "bench"],
  workers: ["tests", "scripts", "bench"],
};

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith(".") && !spec.startsWith("~/")) return null;
  const bare = spec.split("?")[0];
  const base = bare.startsWith("~/") ? join("app", bare.slice(2)) : normalize(join(dirname(from), bare));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    try {
      if (statSync(join(ROOT, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return base; // unresolved (a build output such as build/server): still counts for its folder
}

/** Every import of a file: declarations, re-exports, `import("…")` calls and `import("…").T` types. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const to = resolveSpecifier(file, spec);
    if (to) edges.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const folderOf = (path: string) => path.split(/[\\/]/)[0];
const files = FOLDERS.flatMap((f) => {
  try {
    return sourceFiles(f);
  } catch {
    return [];
  }
});
const edges = files.flatMap(importsOf);

test("every import arrow points down a floor", () => {
  expect(files.length).toBeGreaterThan(100);
  const upward = edges
    // a test may use the shared helpers of tests/support; nothing else may reach into tests/
    .filter((e) => FORBIDDEN[folderOf(e.from)]?.includes(folderOf(e.to)) && !(folderOf(e.to) === "tests" && /\.test\.tsx?$/.test(e.from)))
    .map((e) => `${e.from} → ${e.to}${e.typeOnly ? " (type)" : ""}`);
  expect(upward).toEqual([]);
});

test("browser code reaches the server floors only from *.server.ts, or for types", () => {
  const leaks = edges
    .filter((e) => folderOf(e.from) === "app" && ["db", "services"].includes(folderOf(e.to)) && !e.typeOnly && !/\.server\.tsx?$/.test(e.from))
    .map((e) => `${e.from} → ${e.to}`);
  expect(leaks).toEqual([]);
});

test("the modules of the product import one another without a cycle", () => {
  // Tarjan's strongly connected components over every import (type-only ones too: a cycle of types is
  // still two modules that cannot be understood apart). Tests and their helpers are leaves, not part of it.
  const product = new Set(files.filter((f) => !/\.test\.tsx?$/.test(f) && !["tests", "bench", "scripts"].includes(folderOf(f))));
  const next = new Map<string, string[]>();
  for (const e of edges) if (product.has(e.from) && product.has(e.to)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.includes(v)) cycles.push(component.sort());
    }
  };
  for (const f of product) if (!index.has(f)) connect(f);
  expect(cycles.map((c) => c.map((f) => relative(".", f)).join(" ↔ "))).toEqual([]);
});
