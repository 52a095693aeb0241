import { expect, test } from "vitest";
import { booleanField } from "./boolean-field";

test("reads booleans as Marshmallow's Boolean field does", () => {
  for (const v of [true, 1, "true", "True", "1", "yes", "on", "t"]) expect(booleanField(v), String(v)).toBe(true);
  for (const v of [false, 0, "false", "False", "0", "no", "off", "f"]) expect(booleanField(v), String(v)).toBe(false);
  for (const v of ["maybe", "", 2, null, [], {}]) expect(booleanField(v), JSON.stringify(v)).toBeUndefined();
});
