import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import { parseEmbeddedConfig } from "./config";

describe("parseEmbeddedConfig", () => {
  it("keeps the listed origins, trimmed and without repeats", () => {
    expect(parseEmbeddedConfig({ allowed_domains: [" https://a.example ", "https://a.example", "http://b:8080"] })).toEqual({
      allowed_domains: ["https://a.example", "http://b:8080"],
    });
    expect(parseEmbeddedConfig({ allowed_domains: [] })).toEqual({ allowed_domains: [] });
  });

  it("refuses a missing list, non-strings and values that could break out of frame-ancestors", () => {
    for (const body of [{}, { allowed_domains: "https://a" }, { allowed_domains: [1] }, { allowed_domains: ["https://a; script-src *"] }, { allowed_domains: ["'self'"] }, { allowed_domains: ["a b"] }]) {
      expect(() => parseEmbeddedConfig(body)).toThrow(ApiError);
    }
  });
});
