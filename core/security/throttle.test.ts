import { expect, test } from "vitest";
import { clientKey, lockout, recentFailures, ruleFrom, DEFAULT_USER_RULE } from "./throttle";

const rule = { maxFailures: 3, windowMs: 60_000 };

test("three failures in a minute lock until the first of them is a minute old", () => {
  expect(lockout([1_000, 2_000], 3_000, rule)).toEqual({ locked: false, retryAfterMs: 0 });
  expect(lockout([1_000, 2_000, 3_000], 3_000, rule)).toEqual({ locked: true, retryAfterMs: 58_000 });
  // at 61 s the failure at 1 s has left the window: two remain
  expect(lockout([1_000, 2_000, 3_000], 61_001, rule).locked).toBe(false);
});

test("only failures inside the window count, and no more than the rule needs are kept", () => {
  expect(recentFailures([0, 10_000, 50_000, 70_000, 80_000, 90_000], 100_000, rule)).toEqual([70_000, 80_000, 90_000]);
  expect(recentFailures([0, 10_000], 100_000, rule)).toEqual([]);
});

test("rules from configuration, defaults for anything malformed", () => {
  expect(ruleFrom("5", "60", DEFAULT_USER_RULE)).toEqual({ maxFailures: 5, windowMs: 60_000 });
  expect(ruleFrom("zero", "-1", DEFAULT_USER_RULE)).toEqual(DEFAULT_USER_RULE);
  expect(ruleFrom(undefined, undefined, DEFAULT_USER_RULE)).toEqual(DEFAULT_USER_RULE);
});

test.each([
  ["203.0.113.7", "203.0.113.7"],
  ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
  ["2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"], // any address of one /64 is one client
  ["2001:db8::1", "2001:db8:0:0::/64"],
  ["2001:0db8:0001:0002::", "2001:db8:1:2::/64"],
  ["::1", "0:0:0:0::/64"],
  ["::ffff:198.51.100.2", "198.51.100.2"], // IPv4-mapped is the IPv4 client
  ["local", "local"],
  ["1::2::3", "1::2::3"], // unreadable counts as itself
])("client %s counts as %s", (address, key) => {
  expect(clientKey(address)).toBe(key);
});
