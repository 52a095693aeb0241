import { expect, test } from "vitest";
import { freshDashboardOf } from "./predraw";

const answer = (formData: Record<string, unknown>, isCached: boolean) => ({ body: { form_data: formData }, result: [{ data: [], is_cached: isCached }] });

test("drawings are made ahead only after fresh, unfiltered answers for a dashboard's chart", () => {
  expect(freshDashboardOf([answer({ dashboardId: 4, slice_id: 9 }, false)])).toBe(4);
  expect(freshDashboardOf([answer({ dashboardId: 4, slice_id: 9 }, true)])).toBeNull(); // already cached: drawn before
  expect(freshDashboardOf([answer({ slice_id: 9 }, false)])).toBeNull(); // Explore, not a dashboard
  expect(freshDashboardOf([answer({ dashboardId: 4, slice_id: 9, extra_form_data: { filters: [{ col: "a", op: "IN", val: [1] }] } }, false)])).toBeNull();
  expect(freshDashboardOf([answer({ dashboardId: 4, slice_id: 9, extra_form_data: {} }, false)])).toBe(4);
  expect(freshDashboardOf([answer({ dashboardId: 4, type: "NATIVE_FILTER", native_filter_id: "f" }, false)])).toBeNull();
});
