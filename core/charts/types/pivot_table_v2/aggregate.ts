// The pivot table's aggregateFunction over the values falling in one cell (Superset's pivot-table aggregators;
// the "as Fraction of" ones divide a Sum by the total of the whole table, its row or its column afterwards).

export const AGGREGATE_FUNCTIONS = [
  "Count", "Count Unique Values", "Sum", "Average", "Median", "Minimum", "Maximum", "First", "Last",
  "Sum as Fraction of Total", "Sum as Fraction of Rows", "Sum as Fraction of Columns",
] as const;

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);

export function aggregate(fn: string, values: (number | null)[]): number | null {
  const nums = values.filter((v): v is number => v !== null);
  switch (fn) {
    case "Count": return values.length;
    case "Count Unique Values": return new Set(values).size;
    case "Average": return nums.length ? sum(nums) / nums.length : null;
    case "Median": {
      if (!nums.length) return null;
      const s = [...nums].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    }
    case "Minimum": return nums.length ? Math.min(...nums) : null;
    case "Maximum": return nums.length ? Math.max(...nums) : null;
    case "First": return values.length ? values[0] : null;
    case "Last": return values.length ? values[values.length - 1] : null;
    default: return nums.length ? sum(nums) : null;
  }
}

export const fractionOf = (fn: string): "total" | "row" | "col" | null =>
  fn === "Sum as Fraction of Total" ? "total" : fn === "Sum as Fraction of Rows" ? "row" : fn === "Sum as Fraction of Columns" ? "col" : null;
