import { expect, test } from "vitest";
import { authMechanisms, backoffMs, capabilities, dotStuff, replyError, takeReplies } from "./smtp-protocol";

test("replies are taken whole, multi-line ones included, and a partial one waits in the buffer", () => {
  const [replies, rest] = takeReplies("220 mail ready\r\n250-mail.test\r\n250-STARTTLS\r\n250 AUTH PLAIN LOGIN\r\n354 go");
  expect(replies).toEqual([
    { code: 220, lines: ["mail ready"] },
    { code: 250, lines: ["mail.test", "STARTTLS", "AUTH PLAIN LOGIN"] },
  ]);
  expect(rest).toBe("354 go");
  const [none, partial] = takeReplies("250-one\r\n250-two\r\n");
  expect(none).toEqual([]);
  expect(partial).toBe("250-one\r\n250-two\r\n");
  expect(() => takeReplies("HTTP/1.1 400 Bad Request\r\n")).toThrow(/not SMTP/);
});

test("EHLO capabilities and AUTH mechanisms are read", () => {
  const caps = capabilities({ code: 250, lines: ["mail.test", "starttls", "AUTH PLAIN LOGIN", "SIZE 1000"] });
  expect(caps).toContain("STARTTLS");
  expect(authMechanisms(caps)).toEqual(["PLAIN", "LOGIN"]);
  expect(authMechanisms(["8BITMIME"])).toEqual([]);
});

test("the body gets CRLF line ends and dot-stuffing, so a line holding one dot cannot end the message early", () => {
  expect(dotStuff("a\n.\n..b\nc")).toBe("a\r\n..\r\n...b\r\nc\r\n");
  expect(dotStuff(".first\r\n")).toBe("..first\r\n");
});

test("4xx replies are temporary and 5xx permanent; backoff grows by three and is capped", () => {
  expect(replyError("the sender", { code: 421, lines: ["busy"] }, "before-data")).toMatchObject({ retryable: true, message: "The mail server refused the sender: 421 busy" });
  expect(replyError("the message", { code: 554, lines: ["no"] }, "after-terminator").retryable).toBe(false);
  expect([1, 2, 3].map((n) => backoffMs(n, 500))).toEqual([500, 1500, 4500]);
  expect(backoffMs(10, 1000, 20_000)).toBe(20_000);
});
