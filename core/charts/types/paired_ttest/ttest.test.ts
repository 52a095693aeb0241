import { expect, test } from "vitest";
import { incompleteBeta, liftPercent, logGamma, pairedTTest, studentTCdf } from "./ttest";

test("log-gamma: ln of factorials and of Γ(1/2) = √π", () => {
  expect(logGamma(1)).toBeCloseTo(0, 12);
  expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
  expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
});

test("incomplete beta: closed forms I_x(1, 1) = x, I_x(2, 1) = x², I_x(1, 2) = 1 - (1 - x)²", () => {
  expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
  expect(incompleteBeta(0.3, 2, 1)).toBeCloseTo(0.09, 12);
  expect(incompleteBeta(0.7, 1, 2)).toBeCloseTo(1 - 0.09, 12);
  expect([incompleteBeta(0, 2, 3), incompleteBeta(1, 2, 3)]).toEqual([0, 1]);
});

test("Student's t: the Cauchy at one degree of freedom, the closed form at two, table values beyond", () => {
  // df 1: F(t) = 1/2 + atan(t)/π, so F(-1) = 1/4
  expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 10);
  expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 10);
  // df 2: F(t) = 1/2 + t / (2√(2 + t²)); t = -4: 1/2 - 4/√72 = 0.0285955
  expect(studentTCdf(-4, 2)).toBeCloseTo(0.5 - 4 / Math.sqrt(72), 10);
  // printed tables: the two-sided 5% critical values 2.571 (df 5) and 2.228 (df 10), 1% at 3.169 (df 10)
  expect(2 * studentTCdf(-2.5706, 5)).toBeCloseTo(0.05, 4);
  expect(2 * studentTCdf(-2.2281, 10)).toBeCloseTo(0.05, 4);
  expect(2 * studentTCdf(-3.1693, 10)).toBeCloseTo(0.01, 4);
  expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
});

test("paired t-test worked by hand: differences -1, -2, -1 give t = -4 on 2 degrees of freedom", () => {
  // control 10, 12, 14 against 11, 14, 15: mean difference -4/3, sample sd √(1/3), standard error 1/3
  const r = pairedTTest([11, 14, 15], [10, 12, 14]);
  expect(r.n).toBe(3);
  expect(r.t).toBeCloseTo(-4, 12);
  expect(r.p).toBeCloseTo(2 * (0.5 - 4 / Math.sqrt(72)), 10);
  expect(r.p).toBeCloseTo(0.057191, 6);
  // times where either side is null are left out of the pairs
  expect(pairedTTest([11, null, 14, 15], [10, 5, 12, 14]).p).toBeCloseTo(r.p!, 12);
  // the test is symmetric in which side is the control
  expect(pairedTTest([10, 12, 14], [11, 14, 15]).p).toBeCloseTo(r.p!, 12);
});

test("paired t-test edge cases: too few pairs, identical series, a constant shift", () => {
  expect(pairedTTest([1], [2]).p).toBeNull();
  expect(pairedTTest([1, 2, 3], [1, 2, 3]).p).toBeNull();
  expect(pairedTTest([2, 3, 4], [1, 2, 3]).p).toBe(0);
});

test("lift: the series' total over the control's in percent", () => {
  expect(liftPercent([11, 14, 15], [10, 12, 14])).toBeCloseTo((40 / 36 - 1) * 100, 12);
  expect(liftPercent([5, null], [10, 10])).toBe(-75);
  expect(liftPercent([1], [0])).toBe(Infinity);
});
