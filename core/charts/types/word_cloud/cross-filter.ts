import { byLabelOf } from "../../cross-filter";

// Word cloud: a clicked word is a value of the dimension column (series).
export const crossFilter = byLabelOf("series");
