// A formula annotation's expression in x ("2 * x + 1", "x ^ 2 / 1e12") evaluated without eval: numbers, x, + - * /
// % ^, parentheses and unary signs, as the subset of mathjs Superset's formula layers are written in.

type Token = { kind: "num"; value: number } | { kind: "x" } | { kind: "op"; value: string };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:(\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|(x)|([-+*/%^()]))/iy;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new Error(`Unexpected text in formula at ${at}: ${text.slice(at, at + 10)}`);
    out.push(m[1] !== undefined ? { kind: "num", value: Number(m[1]) } : m[2] !== undefined ? { kind: "x" } : { kind: "op", value: m[3] });
    at = re.lastIndex;
  }
  return out;
}

/** Compiles the expression once; the answer evaluates it at a given x. Throws on text it does not understand. */
export function compileFormula(expression: string): (x: number) => number {
  const ts = tokens(expression);
  let i = 0;
  const peek = () => ts[i];
  const isOp = (v: string) => peek()?.kind === "op" && (peek() as { value: string }).value === v;
  // precedence climbing: sum > product > power (right-associative) > unary > atom
  type Node = (x: number) => number;
  const atom = (): Node => {
    const t = ts[i++];
    if (!t) throw new Error("Formula ends too early");
    if (t.kind === "num") return () => t.value;
    if (t.kind === "x") return (x) => x;
    if (t.value === "(") {
      const inner = sum();
      if (!isOp(")")) throw new Error("Missing closing parenthesis in formula");
      i++;
      return inner;
    }
    throw new Error(`Unexpected '${t.value}' in formula`);
  };
  const unary = (): Node => {
    if (isOp("-")) { i++; const n = unary(); return (x) => -n(x); }
    if (isOp("+")) { i++; return unary(); }
    return power();
  };
  const power = (): Node => {
    const base = atom();
    if (!isOp("^")) return base;
    i++;
    const exp = unary();
    return (x) => base(x) ** exp(x);
  };
  const product = (): Node => {
    let left = unary();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const op = (ts[i++] as { value: string }).value, l = left, r = unary();
      left = op === "*" ? (x) => l(x) * r(x) : op === "/" ? (x) => l(x) / r(x) : (x) => l(x) % r(x);
    }
    return left;
  };
  function sum(): Node {
    let left = product();
    while (isOp("+") || isOp("-")) {
      const op = (ts[i++] as { value: string }).value, l = left, r = product();
      left = op === "+" ? (x) => l(x) + r(x) : (x) => l(x) - r(x);
    }
    return left;
  }
  const node = sum();
  if (i < ts.length) throw new Error(`Unexpected '${JSON.stringify(ts[i])}' in formula`);
  return node;
}
