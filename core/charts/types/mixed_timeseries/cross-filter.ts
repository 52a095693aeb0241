import type { CrossFilter } from "../../cross-filter";
import { crossFilter as timeseriesCrossFilter } from "../timeseries/cross-filter";
import { queryAFormData, queryBFormData } from "./build-query";

// Mixed chart: a clicked series filters by the dimension of the query it belongs to (groupby for query A,
// groupby_b for B), as Superset's mixed chart does; the model marks each dataset with its query and series name
// (the label may carry a "(Query A)" identifier).
export const crossFilter: CrossFilter = (formData, pick) => {
  const query = pick.dataset?.query;
  if (query !== "A" && query !== "B") return null;
  const fd = query === "B" ? queryBFormData(formData) : queryAFormData(formData);
  const series = typeof pick.dataset?.seriesName === "string" ? pick.dataset.seriesName : pick.series;
  return timeseriesCrossFilter(fd, { ...pick, series });
};
