import { expect, test } from "vitest";
import { Hono } from "hono";
import { bulkIds, deletedMessage } from "./bulk-delete";
import { ApiError } from "../../core/http/errors";

test("the bulk delete message counts in Superset's words", () => {
  expect(deletedMessage(1, ["chart", "charts"])).toBe("Deleted 1 chart");
  expect(deletedMessage(3, ["saved query", "saved queries"])).toBe("Deleted 3 saved queries");
  expect(deletedMessage(1, ["rules", "rules"])).toBe("Deleted 1 rules");
});

test("q is a rison list of distinct ids, or a 400 with the resource's message", async () => {
  const app = new Hono();
  app.get("/", (c) => {
    try {
      return c.json({ ids: bulkIds(c as never, "q must be a list of chart ids", c.req.query("positive") === "1") });
    } catch (e) {
      return c.json({ status: (e as ApiError).status, message: (e as ApiError).message });
    }
  });
  const ask = async (q: string, positive = false) => (await app.request(`/?q=${encodeURIComponent(q)}${positive ? "&positive=1" : ""}`)).json();
  expect(await ask("!(3,1,3)")).toEqual({ ids: [3, 1] });
  expect(await ask("!()")).toEqual({ status: 400, message: "q must be a list of chart ids" });
  expect(await ask("!(1,'x')")).toEqual({ status: 400, message: "q must be a list of chart ids" });
  expect(await ask("(a:1)")).toEqual({ status: 400, message: "q must be a list of chart ids" });
  expect(await ask("!(0)")).toEqual({ ids: [0] });
  expect(await ask("!(0)", true)).toEqual({ status: 400, message: "q must be a list of chart ids" });
});
