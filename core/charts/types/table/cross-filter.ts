import { firstColumn, type CrossFilter } from "../../cross-filter";

// Table: a clicked row filters by its value of the first dimension (groupby in aggregate mode, the first
// column in raw records mode).
export const crossFilter: CrossFilter = (formData, pick) => {
  const col = formData.query_mode === "raw" ? firstColumn(formData.all_columns) : firstColumn(formData.groupby);
  return col && pick.row && col in pick.row ? [{ col, value: pick.row[col] }] : null;
};
