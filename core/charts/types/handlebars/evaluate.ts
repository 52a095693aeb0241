import type { AST } from "@handlebars/parser";
import { HELPERS, type Helper, type HelperOptions } from "./helpers";

// A small Handlebars evaluator over the parser's AST. Handlebars' own compiler builds its templates with
// `new Function`, which Workers and our Content-Security-Policy forbid, so we walk the tree ourselves: mustaches
// (escaped and not), paths (this, ../, @index/@key/@first/@last/@root), #each/#if/#unless/#with with else,
// helpers with params and hash, subexpressions, literals and comments. Partials and decorators are not supported.

export class TemplateError extends Error {}

type Data = Record<string, unknown>;
interface Frame { context: unknown; data: Data }

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;", "`": "&#x60;", "=": "&#x3D;" };

/** Handlebars' escapeExpression: null and undefined as nothing, false as "false", the rest as text. */
export function escapeHtml(value: unknown): string {
  return toText(value).replace(/[&<>"'`=]/g, (ch) => ESCAPES[ch]);
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/** Handlebars' truthiness for #if: an empty array is false, so is 0 (no includeZero). */
function isEmpty(value: unknown): boolean {
  return !value || (Array.isArray(value) && value.length === 0);
}

function lookupProperty(target: unknown, key: string): unknown {
  if (target === null || target === undefined) return undefined;
  // own properties only (Handlebars' prototype-access protection)
  return Object.hasOwn(Object(target), key) ? (target as Data)[key] : undefined;
}

export function evaluate(program: AST.Program, context: unknown, helpers: Record<string, Helper> = HELPERS): string {
  const root: Frame = { context, data: { root: context } };
  return new Evaluator(helpers).program(program, [root]);
}

class Evaluator {
  constructor(private readonly helpers: Record<string, Helper>) {}

  program(program: AST.Program, stack: Frame[]): string {
    let out = "";
    for (const node of program.body) out += this.statement(node, stack);
    return out;
  }

  private statement(node: AST.Statement, stack: Frame[]): string {
    switch (node.type) {
      case "ContentStatement":
        return (node as AST.ContentStatement).value;
      case "CommentStatement":
        return "";
      case "MustacheStatement": {
        const m = node as AST.MustacheStatement;
        const value = this.call(m.path, m.params, m.hash, stack);
        return m.escaped ? escapeHtml(value) : toText(value);
      }
      case "BlockStatement":
        return this.block(node as AST.BlockStatement, stack);
      default:
        throw new TemplateError(`${node.type.replace("Statement", "").replace("Block", " block")}s are not supported`);
    }
  }

  /** A mustache or subexpression: a helper called with its params and hash, else the path's value. */
  private call(path: AST.Expression, params: AST.Expression[], hash: AST.Hash | undefined, stack: Frame[]): unknown {
    const name = path.type === "PathExpression" ? helperName(path as AST.PathExpression) : null;
    if (name !== null && Object.hasOwn(this.helpers, name)) {
      const args = params.map((p) => this.expression(p, stack));
      return this.helpers[name](...args, { hash: this.hash(hash, stack), name } satisfies HelperOptions);
    }
    if (params.length || hash?.pairs.length) throw new TemplateError(`Unknown helper: ${name ?? (path as AST.PathExpression).original}`);
    return this.expression(path, stack);
  }

  private hash(hash: AST.Hash | undefined, stack: Frame[]): Data {
    const out: Data = {};
    for (const pair of hash?.pairs ?? []) out[pair.key] = this.expression(pair.value, stack);
    return out;
  }

  private expression(node: AST.Expression, stack: Frame[]): unknown {
    switch (node.type) {
      case "PathExpression":
        return this.path(node as AST.PathExpression, stack);
      case "SubExpression": {
        const s = node as AST.SubExpression;
        return this.call(s.path, s.params, s.hash, stack);
      }
      case "StringLiteral":
      case "NumberLiteral":
      case "BooleanLiteral":
        return (node as AST.StringLiteral).value;
      case "NullLiteral":
        return null;
      default:
        return undefined;
    }
  }

  private path(node: AST.PathExpression, stack: Frame[]): unknown {
    const frame = stack[Math.max(0, stack.length - 1 - node.depth)];
    const parts = node.parts.map((p) => (typeof p === "string" ? p : String(this.expression(p, stack))));
    let value: unknown = node.data ? frame.data : frame.context;
    for (const part of parts) value = lookupProperty(value, part);
    return value;
  }

  private block(node: AST.BlockStatement, stack: Frame[]): string {
    const path = node.path as AST.PathExpression;
    const name = path.type === "PathExpression" ? helperName(path) : null;
    const args = node.params.map((p) => this.expression(p, stack));
    const top = stack[stack.length - 1];
    const inverse = () => (node.inverse ? this.program(node.inverse, stack) : "");
    const withContext = (context: unknown, data: Data = top.data) => this.program(node.program, [...stack, { context, data }]);
    switch (name) {
      case "if":
        return isEmpty(args[0]) ? inverse() : this.program(node.program, stack);
      case "unless":
        return isEmpty(args[0]) ? this.program(node.program, stack) : inverse();
      case "with":
        return isEmpty(args[0]) ? inverse() : withContext(args[0]);
      case "each":
        return this.each(args[0], node, stack, inverse);
    }
    if (name !== null && Object.hasOwn(this.helpers, name)) {
      // a value helper used as a block ({{#eq a b}}...{{else}}...{{/eq}}): its result chooses the branch
      const result = this.helpers[name](...args, { hash: this.hash(node.hash, stack), name });
      return isEmpty(result) ? inverse() : this.program(node.program, stack);
    }
    if (args.length || node.hash?.pairs.length) throw new TemplateError(`Unknown helper: ${name ?? path.original}`);
    // a section on a value (blockHelperMissing): a list repeats, a truthy value becomes the context
    const value = this.path(path, stack);
    if (Array.isArray(value)) return this.each(value, node, stack, inverse);
    if (isEmpty(value)) return inverse();
    return withContext(value === true ? top.context : value);
  }

  private each(items: unknown, node: AST.BlockStatement, stack: Frame[], inverse: () => string): string {
    const parent = stack[stack.length - 1].data;
    const entries: [string | number, unknown][] = Array.isArray(items)
      ? items.map((item, i) => [i, item])
      : items && typeof items === "object" ? Object.entries(items) : [];
    if (!entries.length) return inverse();
    let out = "";
    entries.forEach(([key, item], i) => {
      const data: Data = { ...parent, _parent: parent, index: i, key, first: i === 0, last: i === entries.length - 1 };
      out += this.program(node.program, [...stack, { context: item, data }]);
    });
    return out;
  }
}

/** The name a path calls a helper by: a plain one-part name ("eq", "dateFormat"), never this.x or ../x. */
function helperName(path: AST.PathExpression): string | null {
  if (path.data || path.depth || path.parts.length !== 1 || typeof path.parts[0] !== "string" || /^(this|\.)[./]/.test(path.original)) return null;
  return path.parts[0];
}
