import { expect, test } from "vitest";
import { renderTemplate } from "./render";
import { formatDate } from "./helpers";
import { scopeCss } from "./scope-css";

const data = [
  { name: "Ann", num: 1234.5, gender: "girl", ds: Date.UTC(2008, 0, 31, 9, 5, 7) },
  { name: "<Bob>", num: 0, gender: "boy", ds: null },
];
const html = (template: string, rows: Record<string, unknown>[] = data) => {
  const out = renderTemplate(template, rows);
  if (out.error !== undefined) throw new Error(out.error);
  return out.html;
};

test("mustaches escape Handlebars' characters; triple and & mustaches do not; null is nothing", () => {
  expect(html("{{data.1.name}}|{{{data.1.name}}}|{{& data.1.name}}|{{data.1.ds}}|{{data.5.name}}")).toBe("&lt;Bob&gt;|<Bob>|<Bob>||");
  expect(html(`{{x}}`, [])).toBe("");
  expect(renderTemplate(`{{#with data.[0]}}{{name}}{{/with}}`, [{ name: `a"b'c=\`&` }]).html).toBe("a&quot;b&#x27;c&#x3D;&#x60;&amp;");
});

test("#each over rows with this, @index, @first, @last, ../ and @root; else when empty", () => {
  expect(html("{{#each data}}{{@index}}:{{this.name}}{{#if @first}}(first){{/if}}{{#if @last}}(last){{/if}}[{{../data.length}}]{{/each}}"))
    .toBe("0:Ann(first)[2]1:&lt;Bob&gt;(last)[2]");
  expect(html("{{#each data}}{{name}}{{else}}none{{/each}}", [])).toBe("none");
  expect(html("{{#each data.[0]}}{{@key}}={{this}};{{/each}}", [{ a: 1, b: "x" }])).toBe("a=1;b=x;");
  expect(html("{{#each data}}{{#each ../data}}{{@root.data.length}}{{/each}}{{/each}}", [{}, {}])).toBe("2222");
});

test("#if, #unless and #with with else; 0 and [] are false", () => {
  expect(html("{{#each data}}{{#if num}}y{{else}}n{{/if}}{{#unless num}}U{{/unless}}{{/each}}")).toBe("ynU");
  expect(html("{{#if data.[0].none}}y{{else}}n{{/if}}{{#with data.[0]}}{{name}}{{/with}}{{#with data.[0].none}}y{{else}}w{{/with}}")).toBe("nAnnw");
  expect(html("{{#data}}{{name}},{{/data}}")).toBe("Ann,&lt;Bob&gt;,");
});

test("helpers with params, hash and subexpressions; literals; comments", () => {
  expect(html(`{{#each data}}{{#if (eq gender "girl")}}G{{else}}B{{/if}}{{/each}}`)).toBe("GB");
  expect(html(`{{formatNumber data.[0].num}} {{formatNumber data.[0].num "de-DE"}} {{formatNumber data.[0].name}}`)).toBe("1,234.5 1.234,5 Ann");
  expect(html(`{{dateFormat data.[0].ds format="YYYY-MM-DD HH:mm:ss [at] ddd D MMM"}} {{dateFormat data.[0].ds}}`)).toBe("2008-01-31 09:05:07 at Thu 31 Jan 2008-01-31");
  expect(html(`{{stringify data.[1]}}`)).toBe("{&quot;name&quot;:&quot;&lt;Bob&gt;&quot;,&quot;num&quot;:0,&quot;gender&quot;:&quot;boy&quot;,&quot;ds&quot;:null}");
  expect(html(`{{and true 1}}{{or false 0}}{{not (gt 2 1)}}{{lt 1 2}}{{ne 1 "1"}}{{gte 2 2}}{{lte 3 2}}`)).toBe("truefalsefalsetruetruetruefalse");
  expect(html(`{{default data.[0].none "n/a"}} {{default null 12}} {{default "x" "y"}}`)).toBe("n/a 12 x");
  expect(html(`{{! a comment }}{{!-- another {{x}} --}}{{"lit"}} {{12}} {{true}} {{null}}.`)).toBe("lit 12 true .");
});

test("an unknown helper and a template that does not parse are the chart's error", () => {
  expect(renderTemplate(`{{shout name}}`, data)).toEqual({ error: "Unknown helper: shout" });
  expect(renderTemplate(`{{#shout name}}x{{/shout}}`, data)).toEqual({ error: "Unknown helper: shout" });
  expect(renderTemplate(`{{#each data}}x{{/if}}`, data).error).toMatch(/each doesn't match if/);
  expect(renderTemplate(`{{#each data}`, data).error).toMatch(/Parse error/);
  expect(renderTemplate(`{{> partial}}`, data)).toEqual({ error: "Partials are not supported" });
});

test("paths reach own properties only, never the prototype", () => {
  expect(html("{{data.[0].constructor}}{{data.[0].__proto__}}{{data.length}}")).toBe("2");
});

test("dates: invalid ones say so, as dayjs does", () => {
  expect(formatDate("nope", "YYYY")).toBe("Invalid Date");
  expect(formatDate("2020-02-03T04:05:06.007Z", "YY M D H m s SSS MMMM dddd")).toBe("20 2 3 4 5 6 007 February Monday");
});

test("CSS is scoped to the chart's box; CSS that could leave it is refused", () => {
  expect(scopeCss(".a { color: red; }", ".hbs-1")).toBe("@scope (.hbs-1) {\n.a { color: red; }\n}");
  expect(scopeCss(".a { color: red; } } body { display: none", ".hbs-1")).toBeNull();
  expect(scopeCss(".a { color: red; }</style><script>x()</script>", ".hbs-1")).toBeNull();
  expect(scopeCss(".a { color: red;", ".hbs-1")).toBeNull();
});
