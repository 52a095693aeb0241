import { expect, test } from "vitest";
import { dataMaskEvent } from "./data-mask-event";

const native = { "NATIVE_FILTER-a": { extraFormData: { filters: [{ col: "state", op: "IN", val: ["CA"] }] }, filterState: { value: ["CA"] } } };

test("the first mask is sent whole, flagged as a change of both kinds", () => {
  const first = dataMaskEvent(native, new Set(), null);
  expect(first?.event).toEqual({ ...native, crossFiltersChanged: true, nativeFiltersChanged: true });
});

test("later masks say which kind changed; an unchanged mask sends nothing", () => {
  const first = dataMaskEvent(native, new Set(), null)!;
  expect(dataMaskEvent({ ...native }, new Set(), first.snapshot)).toBeNull();
  const cross = { ...native, "12": { extraFormData: { filters: [{ col: "gender", op: "IN", val: ["boy"] }] }, filterState: { value: ["boy"] } } };
  const second = dataMaskEvent(cross, new Set(["12"]), first.snapshot)!;
  expect(second.event).toMatchObject({ crossFiltersChanged: true, nativeFiltersChanged: false });
  expect(second.event["12"]).toEqual(cross["12"]);
  const third = dataMaskEvent({ ...cross, "NATIVE_FILTER-a": { extraFormData: {}, filterState: { value: null } } }, new Set(["12"]), second.snapshot)!;
  expect(third.event).toMatchObject({ crossFiltersChanged: false, nativeFiltersChanged: true });
});
