import { firstColumn, type CrossFilter } from "../../cross-filter";

// World map: a clicked country (or its bubble) filters the country column by the value the data holds for it
// (its code in the column's own standard, not the map's id).
export const crossFilter: CrossFilter = (formData, pick) => {
  const col = firstColumn(formData.entity);
  const country = pick.raw as { entity?: unknown } | undefined;
  return col && country && country.entity !== undefined ? [{ col, value: country.entity }] : null;
};
