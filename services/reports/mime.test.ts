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

test("an inline PNG is a related part with its Content-ID, which the HTML's cid: reference shows", async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const raw = buildMime({
    from: "reports@bi.test", recipients: { to: ["a@x.test"], cc: [], bcc: [] }, subject: "[Report] Picture",
    html: '<div class="image"><img src="cid:chart-1-2026@bi.test"></div>', messageId: "report-1-2026-0@bi.test", date: new Date("2026-03-02T06:30:00Z"),
    attachments: [
      { filename: "Picture.png", contentType: "image/png", data: png, inlineId: "chart-1-2026@bi.test" },
      { filename: "Picture.pdf", contentType: "application/pdf", data: new TextEncoder().encode("%PDF-1.7") },
    ],
  });
  expect(raw).toContain("Content-ID: <chart-1-2026@bi.test>");
  const mail = await simpleParser(raw);
  const [image, pdf] = mail.attachments;
  expect(image).toMatchObject({ contentType: "image/png", contentDisposition: "inline", cid: "chart-1-2026@bi.test", related: true });
  expect([...image.content]).toEqual([...png]);
  expect(pdf).toMatchObject({ contentType: "application/pdf", contentDisposition: "attachment", filename: "Picture.pdf" });
  expect(mail.html).toContain('<img src="data:image/png;base64,');
});
