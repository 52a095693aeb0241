// A render budget for @huggingface/jinja's interpreter. The interpreter has no limits of its own: a template
// `{% for i in range(20000000) %}` allocated an array of 20 million values and ran the isolate out of memory,
// nested loops held the isolate for a minute. Here one interpreter per render counts its steps (every
// expression, statement, loop item and iteration, plus one per TEMPLATE_STEP_SIZE characters or items a step builds),
// refuses any value larger than MAX_TEMPLATE_OUTPUT, bounds range() as Jinja's sandbox does, and checks the few
// operations whose output can be far larger than their inputs (replace, join, indent, tojson) before they run.
import { Environment, Interpreter } from "@huggingface/jinja";
import { ApiError } from "../http/errors";
import { formatLimit, MAX_TEMPLATE_OUTPUT, MAX_TEMPLATE_RANGE, MAX_TEMPLATE_STEPS, TEMPLATE_STEP_SIZE } from "../limits";

/** The interpreter's runtime values, as far as this file reads them (their classes are not exported). */
interface Value {
  type: string;
  value: unknown;
}
type Node = { type: string; [key: string]: unknown };
type Args = [Value[], Map<string, Value>];

/** The interpreter's methods the budget wraps (private in its typings, plain methods at runtime). */
interface Hooks {
  evaluate(node: Node | undefined, env: Environment): Value;
  evaluateBlock(nodes: Node[], env: Environment): Value;
  evaluateArguments(args: Node[], env: Environment): Args;
  applyFilter(operand: Value, filter: Node, env: Environment): Value;
  evaluateMemberExpression(node: Node, env: Environment): Value;
}

const limitError = (message: string) => new ApiError(400, message, "INVALID_TEMPLATE_PARAMS_ERROR");
export const tooManySteps = () =>
  limitError(`The template needs more than ${formatLimit(MAX_TEMPLATE_STEPS)} steps to render (the limit MAX_TEMPLATE_STEPS): simplify its loops.`);
export const tooLarge = () =>
  limitError(`The template builds a value of more than ${formatLimit(MAX_TEMPLATE_OUTPUT)} characters or items (the limit MAX_TEMPLATE_OUTPUT).`);
const rangeTooBig = () =>
  limitError(`Range too big: range() may produce at most ${formatLimit(MAX_TEMPLATE_RANGE)} items (the limit MAX_TEMPLATE_RANGE).`);

/** Nodes that look a value up rather than build one: their result was measured when it was built. */
const LOOKUPS = new Set(["Identifier", "IntegerLiteral", "FloatLiteral", "StringLiteral", "Ternary", "Comment", "Set", "Break", "Continue"]);
/** Filters whose output can outgrow their input by a factor an argument sets. */
const GROWING_FILTERS = new Set(["join", "indent", "replace", "tojson"]);

/**
 * Characters of strings plus items of lists and mappings, nested; counting stops past `limit` (so a cycle through
 * a namespace ends too). Runtime values (`{type, value}`) and plain values (what the template functions get) alike.
 */
export function sizeOf(root: unknown, limit = MAX_TEMPLATE_OUTPUT): number {
  let total = 0;
  const stack: unknown[] = [root];
  while (stack.length && total <= limit) {
    let v = stack.pop();
    if (v !== null && typeof v === "object" && "type" in v && "value" in v && typeof (v as Value).type === "string") v = (v as Value).value;
    if (typeof v === "string") total += v.length;
    else if (Array.isArray(v)) {
      total += v.length;
      for (const item of v) stack.push(item);
    } else if (v instanceof Map) {
      total += v.size;
      for (const [k, item] of v) stack.push(k, item);
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      total += entries.length;
      for (const [k, item] of entries) stack.push(k, item);
    }
  }
  return total;
}

/** A bounded range(): Jinja's signature, refused before anything is allocated when it would be too long. */
function boundedRange(start: number, stop?: number, step = 1): number[] {
  if (stop === undefined) [start, stop] = [0, start];
  if (![start, stop, step].every(Number.isFinite)) throw limitError("range() takes numbers.");
  if (step === 0) throw limitError("range() step must not be zero");
  const length = Math.max(0, Math.ceil((stop - start) / step));
  if (length > MAX_TEMPLATE_RANGE) throw rangeTooBig();
  return Array.from({ length }, (_, i) => start + i * step);
}

/** The globals Jinja's engine defines (setupGlobals, not exported), with range() bounded. */
export function budgetedEnvironment(): Environment {
  const env = new Environment();
  for (const [name, value] of [["true", true], ["false", false], ["none", null], ["True", true], ["False", false], ["None", null]] as const) env.set(name, value);
  env.set("range", boundedRange);
  env.set("raise_exception", (message: unknown) => {
    throw limitError(String(message));
  });
  return env;
}

const text = (v: Value | undefined) => (v && typeof v.value === "string" ? v.value : "");
const int = (v: Value | undefined, fallback: number) => (v && typeof v.value === "number" ? Math.max(0, v.value) : fallback);

/** The most characters a growing filter or method can produce from these arguments, before it runs. */
function growthBound(name: string, operand: Value, [args, kwargs]: Args): number {
  const arg = (i: number, key: string) => args[i] ?? kwargs.get(key);
  const own = sizeOf(operand);
  if (name === "join") return own + (Array.isArray(operand.value) ? operand.value.length : own) * text(arg(0, "separator")).length;
  if (name === "indent") return own + (text(operand).split("\n").length * int(arg(0, "width"), 4));
  if (name === "tojson") return jsonBound(operand, int(kwargs.get("indent"), 0));
  if (name === "replace") {
    const s = text(operand), from = text(arg(0, "old")), to = text(arg(1, "new"));
    const count = arg(2, "count");
    let times = from ? Math.floor(s.length / from.length) : s.length + 1;
    if (count && typeof count.value === "number" && count.value >= 0) times = Math.min(times, count.value);
    return s.length + times * Math.max(0, to.length - from.length);
  }
  return own;
}

/** tojson with an indent writes each item on its own line, indented by its depth: bounded by walking the value. */
function jsonBound(root: Value, indent: number): number {
  let total = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length && total <= MAX_TEMPLATE_OUTPUT) {
    const [node, depth] = stack.pop()!;
    const v = node !== null && typeof node === "object" && "type" in node ? (node as Value).value : node;
    total += 8 + depth * indent + (typeof v === "string" ? v.length * 6 : 0); // \u escapes are 6 characters
    if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
    else if (v instanceof Map) for (const [k, item] of v) stack.push([k, depth + 1], [item, depth + 1]);
  }
  return total;
}

/**
 * An interpreter with the budget wired into the methods every evaluation goes through. The methods are replaced
 * on the instance (the interpreter calls them as this.evaluate …), so the library itself is left as it is.
 */
export function budgetedInterpreter(env: Environment): Interpreter {
  const interpreter = new Interpreter(env);
  const hooks = interpreter as unknown as Hooks;
  const base = {
    evaluate: hooks.evaluate.bind(interpreter),
    evaluateBlock: hooks.evaluateBlock.bind(interpreter),
    evaluateArguments: hooks.evaluateArguments.bind(interpreter),
    applyFilter: hooks.applyFilter.bind(interpreter),
    evaluateMemberExpression: hooks.evaluateMemberExpression.bind(interpreter),
  };
  let steps = 0;
  const spend = (n: number) => {
    steps += n;
    if (steps > MAX_TEMPLATE_STEPS) throw tooManySteps();
  };
  /** A value just built: refused when too large, and paid for by its size. */
  const built = (value: Value) => {
    const size = typeof value?.value === "string" ? value.value.length : sizeOf(value);
    if (size > MAX_TEMPLATE_OUTPUT) throw tooLarge();
    spend(Math.floor(size / TEMPLATE_STEP_SIZE));
    return value;
  };
  // a growing filter's arguments are checked as soon as they are known, before the filter runs
  let pendingFilter: { name: string; operand: Value } | null = null;

  // a for loop prepares a scope for every item before its first iteration: each item is paid for up front
  const iterables = new WeakSet<Node>();
  hooks.evaluate = (node, scope) => {
    spend(1);
    if (node?.type === "For") {
      const iterable = node.iterable as Node;
      iterables.add(iterable.type === "SelectExpression" ? (iterable.lhs as Node) : iterable);
    }
    const value = base.evaluate(node, scope);
    if (node && iterables.has(node)) spend(Array.isArray(value.value) ? value.value.length : value.value instanceof Map ? value.value.size : 0);
    return node && !LOOKUPS.has(node.type) && !(node.type === "MemberExpression" && (node.property as Node).type !== "SliceExpression") ? built(value) : value;
  };
  // a block runs once per loop iteration: an empty loop body still costs a step each time round
  hooks.evaluateBlock = (nodes, scope) => {
    spend(1);
    return built(base.evaluateBlock(nodes, scope));
  };
  hooks.applyFilter = (operand, filter, scope) => {
    const callee = filter.type === "CallExpression" ? (filter.callee as Node) : null;
    const name = callee?.type === "Identifier" ? String(callee.value) : "";
    pendingFilter = GROWING_FILTERS.has(name) ? { name, operand } : null;
    try {
      return base.applyFilter(operand, filter, scope);
    } finally {
      pendingFilter = null;
    }
  };
  hooks.evaluateArguments = (args, scope) => {
    const pending = pendingFilter;
    pendingFilter = null;
    const evaluated = base.evaluateArguments(args, scope);
    if (pending && growthBound(pending.name, pending.operand, evaluated) > MAX_TEMPLATE_OUTPUT) throw tooLarge();
    return evaluated;
  };
  // "text".replace(old, new): the method is looked up here and called later, so the looked-up function is wrapped
  hooks.evaluateMemberExpression = (node, scope) => {
    const property = node.property as Node;
    if (node.computed || property.type !== "Identifier" || property.value !== "replace") return base.evaluateMemberExpression(node, scope);
    const object = hooks.evaluate(node.object as Node, scope);
    if (object.type !== "StringValue") return base.evaluateMemberExpression(node, scope);
    const method = (object as unknown as { builtins: Map<string, Value> }).builtins.get("replace")!;
    const call = method.value as (args: Value[], env: Environment) => Value;
    const Fn = method.constructor as new (fn: (args: Value[], env: Environment) => Value) => Value;
    return new Fn((args, env) => {
      const last = args.at(-1);
      const kwargs = last?.type === "KeywordArgumentsValue" ? (last.value as Map<string, Value>) : new Map<string, Value>();
      const positional = last?.type === "KeywordArgumentsValue" ? args.slice(0, -1) : args;
      if (growthBound("replace", object, [positional, kwargs]) > MAX_TEMPLATE_OUTPUT) throw tooLarge();
      return call(args, env);
    });
  };
  return interpreter;
}
