import { byLabelOf } from "../../cross-filter";

// A clicked element is labelled by a value of the first dimension (groupby): it filters by that value.
export const crossFilter = byLabelOf("groupby");
