import { expect, test } from "vitest";
import { parseRlsYaml, portableRule, rlsYaml } from "./portable";
import { planRlsImport, RULE_EXISTS } from "./import-plan";

const listed = {
  id: 4, name: "Boys only", filter_type: "Regular", clause: "gender = 'boy'", group_key: "", description: "",
  tables: [{ id: 1, schema: "main", table_name: "birth_names" }, { id: 2, schema: "", table_name: "sales" }],
  roles: [{ id: 3, name: "Gamma" }], changed_on_delta_humanized: null, changed_by: null,
};

test("a rule travels as preset-cli writes it: datasets as schema.table, roles by name, empty texts as null", () => {
  const rule = portableRule(listed);
  expect(rule).toEqual({ name: "Boys only", description: null, filter_type: "Regular", tables: ["main.birth_names", "sales"], roles: ["Gamma"], group_key: null, clause: "gender = 'boy'" });
  const text = rlsYaml([rule]);
  expect(text.split("\n")[0]).toBe("- name: Boys only");
  expect(parseRlsYaml(text)).toEqual({ rules: [rule], errors: {} });
});

test("reading a file names each bad rule and what is wrong with it; a file of older Superset has no names", () => {
  const bad = parseRlsYaml([
    "- name: No tables", "  filter_type: Regular", "  tables: []", "  roles: [Gamma]", "  clause: a = 1",
    "- name: Odd type", "  filter_type: Sometimes", "  tables: [t]", "  clause: ''",
    "- filter_type: Base", "  tables: [main.t]", "  clause: a = 2",
  ].join("\n"));
  expect(bad.errors).toEqual({
    "No tables": ["tables must be a list of at least one dataset name (schema.table)."],
    "Odd type": ["filter_type must be one of: Regular, Base.", "The SQL clause is empty."],
  });
  expect(bad.rules).toEqual([{ name: "Imported rule 3", description: null, filter_type: "Base", tables: ["main.t"], roles: [], group_key: null, clause: "a = 2" }]);
  expect(parseRlsYaml("name: x").errors._schema[0]).toMatch(/YAML list/);
  expect(parseRlsYaml("- [unclosed").errors._schema[0]).toMatch(/Not a readable YAML file/);
  expect(parseRlsYaml("[]").errors._schema).toEqual(["The file holds no rule."]);
  expect(parseRlsYaml("- {name: a, filter_type: Base, tables: [t], clause: x=1}\n- {name: a, filter_type: Base, tables: [t], clause: x=2}").errors).toEqual({ a: ["Another rule in the file has this name."] });
});

test("an import resolves names to exactly one dataset and to roles, checks the clause, and needs overwrite for a rule that exists", () => {
  const tables = [
    { id: 1, schema: "main", table_name: "birth_names", engine: "sqlite" },
    { id: 2, schema: "public", table_name: "sales", engine: "postgresql" },
    { id: 3, schema: "archive", table_name: "sales", engine: "postgresql" },
  ];
  const found = { tables, roles: new Map([["Gamma", 7]]), existing: new Map([["Boys only", 4]]) };
  const rule = (over: object) => ({ name: "r", description: null, filter_type: "Regular" as const, tables: ["birth_names"], roles: ["Gamma"], group_key: null, clause: "gender = 'boy'", ...over });
  const ok = planRlsImport([rule({ name: "new", tables: ["birth_names", "public.sales"] })], found, false);
  expect(ok).toEqual({ errors: {}, plan: [{ id: null, fields: { name: "new", description: null, filter_type: "Regular", group_key: null, clause: "gender = 'boy'" }, links: { tables: [1, 2], roles: [7] } }] });

  const { plan, errors } = planRlsImport([
    rule({ name: "Boys only" }), rule({ name: "two", tables: ["sales", "nowhere.t"], roles: ["Nobody"] }), rule({ name: "gate", clause: "1=1; DROP TABLE x" }),
  ], found, false);
  expect(plan).toEqual([]);
  expect(errors["Boys only"]).toEqual([RULE_EXISTS]);
  expect(errors.two).toEqual(["More than one table found: sales (name it as schema.table)", "Cannot find table: nowhere.t", "Role not found: Nobody"]);
  expect(errors.gate).toHaveLength(1);
  expect(planRlsImport([rule({ name: "Boys only" })], found, true).plan[0].id).toBe(4);
});
