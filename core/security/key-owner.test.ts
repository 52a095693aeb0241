import { expect, test } from "vitest";
import { anonymousOwner, mayChangeKey, mayReadKey } from "./key-owner";

const alice = anonymousOwner("a1");
const bob = anonymousOwner("b2");

test("an anonymous visitor's entry is theirs alone: another visitor, or a user, neither reads nor changes it", () => {
  expect(mayReadKey(alice, alice)).toBe(true);
  expect(mayChangeKey(alice, alice)).toBe(true);
  for (const other of [bob, 7, null]) {
    expect(mayReadKey(alice, other)).toBe(false);
    expect(mayChangeKey(alice, other)).toBe(false);
  }
});

test("a user's entry is read by others (a shared link) and changed by its owner only", () => {
  expect(mayReadKey(7, 8)).toBe(true);
  expect(mayReadKey(7, alice)).toBe(true);
  expect(mayChangeKey(7, 7)).toBe(true);
  expect(mayChangeKey(7, 8)).toBe(false);
  expect(mayChangeKey(7, alice)).toBe(false);
});

test("entries stored anonymously before owners were told apart (owner 0, or none) are nobody's", () => {
  for (const legacy of [0, null, undefined, "anything"]) {
    expect(mayReadKey(legacy, alice)).toBe(false);
    expect(mayChangeKey(legacy, 0 as never)).toBe(false);
  }
});
