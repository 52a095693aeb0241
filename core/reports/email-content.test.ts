import { expect, test } from "vitest";
import { csvFileName, emailHtml, emailSubject, htmlTable, sanitizeEmailHtml } from "./email-content";

test("the subject is Superset's '<prefix> <name>' on one line", () => {
  expect(emailSubject("[Report]", "Weekly: Sales")).toBe("[Report] Weekly: Sales");
  expect(emailSubject("[Report]", "evil\r\nBcc: x@y.z")).toBe("[Report] evil Bcc: x@y.z");
});

test("descriptions keep the allowed tags and lose scripts, handlers and javascript: links", () => {
  const clean = sanitizeEmailHtml('<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=y><a href="javascript:alert(1)">a</a><a href="https://ok.test/">b</a></p>');
  expect(clean).toBe('<p>Hi <b>there</b><a href>a</a><a href="https://ok.test/">b</a></p>');
});

test("a TEXT report's table is pandas' to_html shape with every cell escaped", () => {
  const html = htmlTable({ columns: ["name", "<n>"], rows: [["<script>x</script>", "1"], ["", "2"]] });
  expect(html).toContain('<table border="1" class="dataframe"><thead><tr><th></th><th>name</th><th>&lt;n&gt;</th></tr></thead>');
  expect(html).toContain("<tr><th>0</th><td>&lt;script&gt;x&lt;/script&gt;</td><td>1</td></tr>");
  expect(html).not.toContain("<script>");
});

test("the body links to the chart, and only over http(s)", () => {
  const body = emailHtml({ name: "r", description: "<i>d</i>", url: "https://bi.test/explore/?slice_id=3", table: null });
  expect(body).toContain('<a href="https://bi.test/explore/?slice_id=3">Explore in Superset</a>');
  expect(body).toContain("<div><i>d</i></div>");
  expect(emailHtml({ name: "r", description: null, url: "javascript:x", table: null })).toContain('<a href="#">');
  expect(csvFileName('Q3: "sales"/by region')).toBe("Q3_ _sales_by region.csv");
});

test("a dashboard report says which filter values it shows, escaped", () => {
  const body = emailHtml({ name: "r", description: null, url: "https://bi.test/", table: null, filters: "Region: <EMEA>" });
  expect(body).toContain('<p class="filters">Filters: Region: &lt;EMEA&gt;</p>');
  expect(emailHtml({ name: "r", description: null, url: "https://bi.test/", table: null })).not.toContain("Filters:");
});
