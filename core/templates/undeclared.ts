// Variables a template reads but nobody provides, like jinja2.meta.find_undeclared_variables, which Superset uses
// for its "parameters in your query are undefined" error. Names set, looped over or declared as macros anywhere
// in the template count as provided; a variable tested with `is defined` or given a `| default` anywhere is optional.

type AstNode = { type: string; [key: string]: unknown };

const OPTIONAL_TESTS = new Set(["defined", "undefined", "none"]);
const DEFAULT_FILTERS = new Set(["default", "d"]);

export function findUndeclared(program: unknown, provided: ReadonlySet<string>): string[] {
  const loads = new Set<string>();
  const optional = new Set<string>();
  const declared = new Set<string>(["loop", "caller", "varargs", "kwargs"]);

  const declare = (target: unknown) => {
    if (!isNode(target)) return;
    if (target.type === "Identifier") declared.add(String(target.value));
    else if (target.type === "TupleLiteral") (target.value as unknown[]).forEach(declare);
    else if (target.type === "KeywordArgumentExpression") declare(target.key);
    else visit(target);
  };

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node instanceof Map) {
      for (const [key, value] of node) {
        visit(key);
        visit(value);
      }
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case "Identifier":
        loads.add(String(node.value));
        return;
      case "MemberExpression":
        visit(node.object);
        if (node.computed) visit(node.property);
        return;
      case "FilterExpression": {
        const filter = node.filter as AstNode;
        const filterName = filter.type === "Identifier" ? String(filter.value) : String((filter.callee as AstNode)?.value);
        if (DEFAULT_FILTERS.has(filterName) && isIdentifier(node.operand)) optional.add(String((node.operand as AstNode).value));
        else visit(node.operand);
        if (filter.type === "CallExpression") visit(filter.args);
        return;
      }
      case "TestExpression": {
        const test = node.test as AstNode;
        if (OPTIONAL_TESTS.has(String(test.value)) && isIdentifier(node.operand)) optional.add(String((node.operand as AstNode).value));
        else visit(node.operand);
        return;
      }
      // Their `operator` is a lexer token shaped like an Identifier node: not a variable.
      case "BinaryExpression":
        visit(node.left);
        visit(node.right);
        return;
      case "UnaryExpression":
        visit(node.argument);
        return;
      case "KeywordArgumentExpression":
        visit(node.value);
        return;
      case "For":
        declare(node.loopvar);
        visit(node.iterable);
        visit(node.body);
        visit(node.defaultBlock);
        return;
      case "Set":
        declare(node.assignee);
        visit(node.value);
        visit(node.body);
        return;
      case "Macro":
        declare(node.name);
        for (const arg of node.args as unknown[]) {
          declare(arg);
          if (isNode(arg) && arg.type === "KeywordArgumentExpression") visit(arg.value);
        }
        visit(node.body);
        return;
      case "FilterStatement": {
        const filter = node.filter as AstNode;
        if (filter.type === "CallExpression") visit(filter.args);
        visit(node.body);
        return;
      }
      case "CallStatement":
        ((node.callerArgs as unknown[]) ?? []).forEach(declare);
        visit(node.call);
        visit(node.body);
        return;
      default:
        for (const [key, value] of Object.entries(node)) if (key !== "type") visit(value);
    }
  };

  visit(program);
  return [...loads].filter((name) => !declared.has(name) && !provided.has(name) && !optional.has(name)).sort();
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}

function isIdentifier(value: unknown): boolean {
  return isNode(value) && value.type === "Identifier";
}
