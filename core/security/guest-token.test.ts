import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import { checkGuestClaims, guestClaims, guestTokenOfProtocols, guestTokenSeconds, parseGuestTokenRequest } from "./guest-token";
import { guestPermissions } from "./guest-permissions";
import { GUEST } from "./roles";
import { pairKey } from "./permissions";

const AUD = "http://0.0.0.0:8080/";

describe("guest token requests and claims", () => {
  it("takes Superset's body: user with extra attributes, dashboards by uuid or id, rules with or without a dataset", () => {
    const r = parseGuestTokenRequest({ user: { username: "u", first_name: "F", tenant: "t1" }, resources: [{ type: "dashboard", id: 7 }, { type: "dashboard", id: " abc " }], rls: [{ clause: "a = 1" }, { clause: "b = 2", dataset: 3 }] });
    expect(r).toEqual({ user: { username: "u", first_name: "F", last_name: "", tenant: "t1" }, resources: [{ type: "dashboard", id: "7" }, { type: "dashboard", id: "abc" }], rls: [{ clause: "a = 1" }, { clause: "b = 2", dataset: 3 }] });
  });

  it("refuses bad bodies with a 400 naming the field", () => {
    for (const body of [{ rls: [] }, { resources: [] }, { resources: [{ type: "chart", id: "1" }], rls: [] }, { resources: [], rls: [{ clause: "" }] }, { resources: [], rls: [{ clause: "x", dataset: 1.5 }] }, { user: { a: { b: 1 } }, resources: [], rls: [] }]) {
      expect(() => parseGuestTokenRequest(body), JSON.stringify(body)).toThrow(ApiError);
    }
  });

  it("takes the viewer's zone from the user when the host app names one, and refuses an unknown zone by name", () => {
    expect(parseGuestTokenRequest({ user: { username: "u", time_zone: "europe/berlin" }, resources: [], rls: [] }).user.time_zone).toBe("Europe/Berlin");
    try {
      parseGuestTokenRequest({ user: { username: "u", time_zone: "Mars/Olympus" }, resources: [], rls: [] });
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError & { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ user: ["time_zone: Unknown time zone: Mars/Olympus"] });
    }
  });

  it("accepts only unexpired guest claims for this audience", () => {
    const claims = guestClaims(parseGuestTokenRequest({ resources: [], rls: [] }), AUD, 300, 1_000_000);
    expect(claims.exp - claims.iat).toBe(300);
    const payload = claims as unknown as Record<string, unknown>;
    expect(checkGuestClaims(payload, AUD, 1_000_000)).toMatchObject({ type: "guest", aud: AUD });
    expect(checkGuestClaims(payload, "https://other/", 1_000_000)).toBe("Invalid audience");
    expect(checkGuestClaims({ ...payload, type: "access" }, AUD, 1_000_000)).toBe("Not a guest token");
    expect(checkGuestClaims(payload, AUD, 1_000_000 + 300_000)).toBe("Token has expired");
    expect(checkGuestClaims({ ...payload, exp: undefined }, AUD, 0)).toBe("Token has expired");
    expect(checkGuestClaims({ ...payload, resources: "x" }, AUD, 1_000_000)).toBe("Invalid token");
  });

  it("reads the lifetime setting, never forever", () => {
    expect(guestTokenSeconds(undefined)).toBe(300);
    expect(guestTokenSeconds("60")).toBe(60);
    expect(guestTokenSeconds("-1")).toBe(300);
    expect(guestTokenSeconds("abc")).toBe(300);
  });
});

describe("guest permissions", () => {
  it("are the guest role's pairs within the guest ceiling: nothing more, and nothing when the role grants nothing", () => {
    expect(guestPermissions([["can_read", "Dashboard"], ["can_write", "Dashboard"], ["can_read", "SQLLab"], ["all_datasource_access", "all_datasource_access"]])).toEqual(new Set([pairKey("can_read", "Dashboard")]));
    expect(guestPermissions([])).toEqual(new Set());
    expect(guestPermissions(GUEST)).toEqual(new Set(GUEST.map(([p, v]) => pairKey(p, v))));
    expect(guestPermissions([...GUEST, ["can_csv", "Superset"]]).has(pairKey("can_csv", "Superset"))).toBe(true);
  });

  it("the built-in Guest role reads and shares, and neither downloads nor runs SQL", () => {
    const keys = new Set(GUEST.map(([p, v]) => pairKey(p, v)));
    for (const pair of [["can_read", "Dashboard"], ["can_read", "Chart"], ["can_read", "Datasource"], ["can_write", "Log"]] as const) expect(keys.has(pairKey(pair[0], pair[1]))).toBe(true);
    for (const pair of [["can_csv", "Superset"], ["can_sqllab", "Superset"], ["can_write", "Chart"], ["can_read", "Log"]] as const) expect(keys.has(pairKey(pair[0], pair[1]))).toBe(false);
  });
});

it("a websocket handshake's guest token is read from its offered subprotocols only under the guest-token. prefix", () => {
  expect(guestTokenOfProtocols("superset-live, guest-token.aaa.bbb.ccc")).toBe("aaa.bbb.ccc");
  expect(guestTokenOfProtocols("guest-token.x")).toBe("x");
  expect(guestTokenOfProtocols("superset-live")).toBeUndefined();
  expect(guestTokenOfProtocols("superset-live, guest-token.")).toBeUndefined();
  expect(guestTokenOfProtocols(null)).toBeUndefined();
});
