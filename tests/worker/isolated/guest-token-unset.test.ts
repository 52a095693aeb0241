import { expect, test } from "vitest";
import { sign } from "hono/jwt";
import { loginAsAdmin, useWorkerVars, workerFetch } from "../../support/client";

// Without GUEST_TOKEN_JWT_SECRET (no default), embedding is off: the endpoint answers an error naming the
// setting and signs nothing, and no guest token is accepted, whatever it was signed with.
useWorkerVars({ GUEST_TOKEN_JWT_SECRET: "" });

test("no guest token secret: nothing minted, nothing accepted", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.post("/api/v1/security/guest_token/", { resources: [], rls: [] });
  expect(res.status).toBe(500);
  const body = await res.text();
  expect(body).toContain("GUEST_TOKEN_JWT_SECRET");
  expect(body).not.toContain("token\":");
  const now = Math.floor(Date.now() / 1000);
  const claims = { user: { username: "g", first_name: "", last_name: "" }, resources: [], rls_rules: [], iat: now, exp: now + 300, aud: "http://0.0.0.0:8080/", type: "guest" };
  for (const secret of ["", "test-guest-token-secret-0123456789abcdef01234567"]) {
    const token = secret ? await sign(claims, secret, "HS256") : "e30.e30.";
    expect((await workerFetch("/api/v1/me/roles/", { headers: { "X-GuestToken": token } })).status).toBe(401);
  }
});
