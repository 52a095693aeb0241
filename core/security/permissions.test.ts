import { expect, test } from "vitest";
import { can, isAdmin, pairKey, type Principal } from "./permissions";

const principal = (roles: string[], pairs: [string, string][] = []): Principal => ({
  id: 1,
  username: "u",
  roles,
  permissions: new Set(pairs.map(([p, v]) => pairKey(p, v))),
});

test("only the role named Admin, in any case, is the admin role (Superset's is_user_admin)", () => {
  expect(isAdmin(principal(["Admin"]))).toBe(true);
  expect(isAdmin(principal(["admin"]))).toBe(true);
  expect(isAdmin(principal(["Gamma", "ADMIN"]))).toBe(true);
  for (const name of ["Badminton club", "Admins", "sub_admin", " Admin", "Administrator", "Gamma"]) {
    expect(isAdmin(principal([name])), name).toBe(false);
  }
});

test("a role named like admin gets only the pairs it holds", () => {
  const badminton = principal(["Badminton club"], [["can_read", "Chart"]]);
  expect(can(badminton, "can_read", "Chart")).toBe(true);
  expect(can(badminton, "can_write", "User")).toBe(false);
  expect(can(principal(["Admin"]), "can_write", "User")).toBe(true);
});
