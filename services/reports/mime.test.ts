import { expect, test } from "vitest";
import { simpleParser } from "mailparser";
import { buildMime } from "./mime";

test("the message parses back: headers, html body, CSV attachment, and Bcc only in the envelope", async () => {
  const raw = buildMime({
    from: "reports@bi.test",
    recipients: { to: ["a@x.test", "b@x.test"], cc: ["c@x.test"], bcc: ["secret@x.test"] },
    subject: "[Report] Ventes: été ✓",
    html: "<p>héllo</p>",
    messageId: "report-1-2026@bi.test",
    date: new Date("2026-03-02T06:30:00Z"),
    attachments: [{ filename: "Ventes.csv", contentType: "text/csv", data: new TextEncoder().encode("a,b\r\n1,2\r\n") }],
  });
  expect(raw).not.toContain("secret@x.test");
  const mail = await simpleParser(raw);
  expect(mail.subject).toBe("[Report] Ventes: été ✓");
  expect(mail.messageId).toBe("<report-1-2026@bi.test>");
  expect(mail.html).toContain("<p>héllo</p>");
  expect((mail.to as { value: { address: string }[] }).value.map((v) => v.address)).toEqual(["a@x.test", "b@x.test"]);
  expect(mail.attachments[0].filename).toBe("Ventes.csv");
  expect(mail.attachments[0].content.toString()).toBe("a,b\r\n1,2\r\n");
});
