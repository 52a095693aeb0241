import { expect, test } from "vitest";
import type { ApiError } from "../http/errors";
import { renderSqlTemplate, type TemplateContext } from "./index";

const ctx: TemplateContext = {
  params: { name: "O'Brien", ids: [1, 2, 3], n: -5, table: "gate_target", flag: true, path: "a\\b" },
  urlParams: { country: "FR" },
  username: "alice",
  userId: 7,
  filters: [
    { col: "name", op: "IN", val: ["a", "b'c"] },
    { col: "name", op: "==", val: "d" },
    { col: "id", op: ">", val: 3 },
  ],
  fromDttm: "2024-01-01 00:00:00",
  toDttm: null,
};
const pg = (sql: string, context = ctx) => renderSqlTemplate(sql, context, "postgresql");

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error("expected an error");
}

test("SQL without template syntax comes back untouched", () => {
  const sql = "SELECT '{' AS brace, x FROM t WHERE a = '}' -- {not a template}";
  expect(pg(sql)).toBe(sql);
});

test("a string value becomes a quoted literal, and is escaped when the template already quotes it", () => {
  expect(pg("SELECT * FROM t WHERE name = {{ name }}")).toBe("SELECT * FROM t WHERE name = 'O''Brien'");
  expect(pg("SELECT * FROM t WHERE name = '{{ name }}'")).toBe("SELECT * FROM t WHERE name = 'O''Brien'");
  expect(pg("SELECT 'Hello {{ name }}!' AS greeting")).toBe("SELECT 'Hello O''Brien!' AS greeting");
});

test("numbers, booleans, null and lists become SQL literals; negative numbers cannot form a comment", () => {
  expect(pg("SELECT {{ ids }}, {{ n }}, 1 -{{ n }}, {{ flag }}, {{ to_dttm }}")).toBe("SELECT 1, 2, 3, (-5), 1 -(-5), TRUE, NULL");
  expect(renderSqlTemplate("SELECT {{ flag }}", ctx, "sqlite")).toBe("SELECT 1");
  expect(pg("SELECT * FROM t WHERE id IN ({{ [] }})")).toBe("SELECT * FROM t WHERE id IN (NULL)");
});

test("backslashes are quoted per dialect", () => {
  expect(pg("SELECT {{ path }}")).toBe("SELECT E'a\\\\b'");
  expect(renderSqlTemplate("SELECT {{ path }}, '{{ path }}'", ctx, "mysql")).toBe("SELECT 'a\\\\b', 'a\\\\b'");
  expect(renderSqlTemplate("SELECT {{ path }}", ctx, "sqlite")).toBe("SELECT 'a\\b'");
});

test("an injection attempt stays inside its literal", () => {
  const evil = { params: { v: "x'; DELETE FROM gate_target; --" } };
  expect(pg("SELECT * FROM t WHERE a = {{ v }}", evil)).toBe("SELECT * FROM t WHERE a = 'x''; DELETE FROM gate_target; --'");
  expect(pg("SELECT * FROM t WHERE a = '{{ v }}'", evil)).toBe("SELECT * FROM t WHERE a = 'x''; DELETE FROM gate_target; --'");
  expect(pg("SELECT 1 -- {{ v }}\n, 2", { params: { v: "a\nDELETE FROM t" } })).toBe("SELECT 1 -- a DELETE FROM t\n, 2");
  expect(pg("SELECT 1 /* {{ v }} */", { params: { v: "*/ DELETE /*" } })).toBe("SELECT 1 /* * / DELETE / * */");
  expect(pg('SELECT 1 AS "{{ v }}"', { params: { v: 'a"b' } })).toBe('SELECT 1 AS "a""b"');
});

test("| safe splices raw SQL, | identifier quotes an identifier, | where_in makes a parenthesised list", () => {
  expect(pg("SELECT * FROM {{ table | safe }}")).toBe("SELECT * FROM gate_target");
  expect(pg("SELECT * FROM {{ table | identifier }}")).toBe('SELECT * FROM "gate_target"');
  expect(renderSqlTemplate("SELECT * FROM {{ table | identifier }}", ctx, "mysql")).toBe("SELECT * FROM `gate_target`");
  expect(pg("SELECT * FROM t WHERE name IN {{ filter_values('name') | where_in }}")).toBe("SELECT * FROM t WHERE name IN ('a', 'b''c', 'd')");
});

test("url_param, current_username, current_user_id, from_dttm and to_dttm", () => {
  expect(pg("SELECT {{ url_param('country') }}, {{ url_param('missing', 'dflt') }}, {{ url_param('none') }}")).toBe("SELECT 'FR', 'dflt', NULL");
  expect(pg("SELECT {{ current_username() }}, {{ current_user_id() }}, '{{ from_dttm }}'")).toBe("SELECT 'alice', 7, '2024-01-01 00:00:00'");
  expect(pg("SELECT {{ current_username() }}", {})).toBe("SELECT NULL");
});

test("filter_values flattens the filters on a column, with a default when there are none", () => {
  expect(pg("SELECT {{ filter_values('id') }}, {{ filter_values('other', 'x') }}, {{ filter_values('other') }}")).toBe("SELECT 3, 'x', NULL");
});

test("get_filters exposes op and val to loops, with loop.index, loop.first and loop.last", () => {
  const sql = "SELECT 1{% for f in get_filters('name') %}{% if loop.first %} WHERE{% else %} OR{% endif %} '{{ loop.index }}{{ f.op }}' = '{{ loop.last }}'{% endfor %}";
  expect(pg(sql)).toBe("SELECT 1 WHERE '1IN' = 'false' OR '2==' = 'true'");
});

test("if/elif/else with comparisons, and/or/not/in, and set", () => {
  const sql = "{% set limit = 5 %}SELECT {% if limit > 10 or not flag %}'big'{% elif 2 in ids and name != 'x' %}'mid'{% else %}'small'{% endif %} LIMIT {{ limit }}";
  expect(pg(sql)).toBe("SELECT 'mid' LIMIT 5");
});

test("filters: default, upper, lower, trim, int, float, join, replace, length, first, last, tojson", () => {
  const sql = "SELECT {{ missing | default('d') }}, {{ name | upper }}, {{ ' x ' | trim }}, {{ '42' | int }}, {{ '1.5' | float }}, {{ ids | join('-') }}, {{ name | lower | replace('o', '0') }}, {{ ids | length }}, {{ ids | first }}, {{ ids | last }}, {{ ids | tojson }}";
  expect(pg(sql)).toBe("SELECT 'd', 'O''BRIEN', 'x', 42, 1.5, '1-2-3', '0''brien', 3, 1, 3, '[1, 2, 3]'");
});

test("undefined variables are reported with Superset's message, type and extra", () => {
  const one = errorOf(() => pg("SELECT {{ country }}"));
  expect(one.errorType).toBe("MISSING_TEMPLATE_PARAMS_ERROR");
  expect(one.status).toBe(400);
  expect(one.message).toMatch(/^The parameter country in your query is undefined\./);
  const two = errorOf(() => pg("SELECT {{ b }} {% if a %}1{% endif %}"));
  expect(two.message).toMatch(/^The following parameters in your query are undefined: a, b\./);
  expect(two.extra).toMatchObject({ undefined_parameters: ["a", "b"], issue_codes: [{ code: 1006 }] });
});

test("variables that are set, looped, defaulted or tested with 'is defined' are not undefined", () => {
  expect(pg("{% set x = 1 %}{% for y in ids %}{{ x + y }} {% endfor %}{{ z | default(0) }}{% if w is defined %}{{ w }}{% endif %}")).toBe("2 3 4 0");
});

test("malformed templates are INVALID_TEMPLATE_PARAMS_ERROR with Superset's message", () => {
  for (const sql of ["SELECT {{ name ", "SELECT {% if %}", "SELECT {{ name | no_such_filter }}"]) {
    const err = errorOf(() => pg(sql));
    expect(err.errorType, sql).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(err.message, sql).toMatch(/^The query contains one or more malformed template parameters/);
  }
});

test("a value glued to SQL text, NUL characters and reserved parameter names are refused clearly", () => {
  expect(errorOf(() => pg("SELECT * FROM tbl_{{ name }}")).message).toMatch(/glued to other SQL text/);
  expect(errorOf(() => pg("SELECT {{ v }}", { params: { v: "a\u0000" } })).message).toMatch(/NUL/);
  expect(errorOf(() => pg("SELECT {{ 1 }}", { params: { url_param: 1 } })).errorType).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
});

test("raw output cannot forge a value placeholder", () => {
  expect(pg("SELECT {{ v | safe }}, {{ name }}", { params: { v: "__tplv_000000000000_0__", name: "n" } })).toBe(
    "SELECT __tplv_000000000000_0__, 'n'",
  );
});

test("names every object inherits are no URL parameters, and a function printed uncalled is a 400", () => {
  expect(pg("SELECT {{ url_param('constructor') }}, {{ url_param('toString', 'd') }}, {{ url_param('country') }}")).toBe("SELECT NULL, 'd', 'FR'");
  expect(pg("SELECT {{ url_param('__proto__', 1) }}", { urlParams: { __proto__: "x" } as Record<string, string> })).toBe("SELECT 1");
  for (const sql of ["SELECT {{ range }}", "SELECT {{ url_param }}", "SELECT {{ range | safe }}", "SELECT {{ [range] }}"]) {
    const err = errorOf(() => pg(sql));
    expect(err.status, sql).toBe(400);
    expect(err.message, sql).toMatch(/function cannot be placed in SQL/);
  }
});

test("a template cannot loop without end or build without bound: each limit is a 400 that names it", () => {
  const limited: [string, RegExp][] = [
    ["{% for i in range(20000000) %}x{% endfor %}", /range\(\) may produce at most 100,000 items \(the limit MAX_TEMPLATE_RANGE\)/],
    ["{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", /more than 100,000 steps .*MAX_TEMPLATE_STEPS/],
    ["{% for i in range(99999) %}{% for j in range(99999) %}{{ i }}{% endfor %}{% endfor %}", /more than 100,000 steps/],
    ["{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}", /more than 1,000,000 characters or items \(the limit MAX_TEMPLATE_OUTPUT\)/],
    ["{{ 'x' | indent(900000000) }}{{ 'a\\nb' | indent(900000000, true) }}", /MAX_TEMPLATE_OUTPUT/],
    ["{% set s = range(1000) | join('') %}{{ s.replace('', s ~ s ~ s) }}", /MAX_TEMPLATE_OUTPUT/],
    ["{% set s = range(1000) | join('') %}{{ s | replace('1', s ~ s ~ s) }}", /MAX_TEMPLATE_OUTPUT/],
    ["{{ range(50000) | join('..........................') }}", /MAX_TEMPLATE_OUTPUT/],
    ["{% set ns = namespace(l=[]) %}{% for i in range(5) %}{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l | tojson(indent=100000) }}", /MAX_TEMPLATE_OUTPUT/],
    ["{% for i in range(2000) %}{{ range(1000) | join(',') }}{% endfor %}", /MAX_TEMPLATE_OUTPUT|MAX_TEMPLATE_STEPS/],
  ];
  for (const [body, message] of limited) {
    const started = Date.now();
    const err = errorOf(() => pg(`SELECT 1 WHERE 1 = 1 ${body}`));
    expect(err.status, body).toBe(400);
    expect(err.message, body).toMatch(message);
    expect(Date.now() - started, body).toBeLessThan(5_000);
  }
  // within the limits, loops, joins and ranges still render
  expect(pg("SELECT {% for i in range(3) %}{{ i }}{% if not loop.last %}, {% endif %}{% endfor %}")).toBe("SELECT 0, 1, 2");
  expect(pg("SELECT '{{ range(5) | join('-') }}', '{{ 'ab' | replace('b', 'cd') }}', '{{ 'ab'.replace('a', 'z') }}'")).toBe("SELECT '0-1-2-3-4', 'acd', 'zb'");
  expect(pg("SELECT {{ range(10, 0, -3) | join(',') | safe }}")).toBe("SELECT 10,7,4,1");
}, 60_000);
