import countries from "i18n-iso-countries/index.js";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { CIOC_TO_CCA3 } from "./cioc";

// Superset's country_fieldtype forms (full name, IOC code, ISO alpha-2, ISO alpha-3) to the ISO 3166-1 numeric code
// that world-atlas's countries carry as their id. The tables come from i18n-iso-countries (English names with their
// usual aliases such as "USA" and "UK") and, for IOC codes, from world-countries through the generated ./cioc.ts;
// none is typed by hand.

countries.registerLocale(en);

export const COUNTRY_FIELD_TYPES: [string, string][] = [
  ["name", "Full name"],
  ["cioc", "code International Olympic Committee (cioc)"],
  ["cca2", "code ISO 3166-1 alpha-2 (cca2)"],
  ["cca3", "code ISO 3166-1 alpha-3 (cca3)"],
];

/** The ISO numeric code ("840") of a country given in `fieldType` form, or undefined when it is not known. */
export function isoNumeric(value: unknown, fieldType: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (fieldType === "cca3") return countries.alpha3ToNumeric(text.toUpperCase());
  if (fieldType === "cioc") {
    // own keys only: "constructor" is no IOC code; Kosovo (KOS → UNK) has no ISO code and stays unknown
    const code = text.toUpperCase();
    return Object.hasOwn(CIOC_TO_CCA3, code) ? countries.alpha3ToNumeric(CIOC_TO_CCA3[code]) : undefined;
  }
  if (fieldType === "name") {
    const alpha2 = countries.getAlpha2Code(text, "en");
    return alpha2 ? countries.alpha2ToNumeric(alpha2) : undefined;
  }
  return countries.alpha2ToNumeric(text.toUpperCase());
}

/** The English name of a country by its ISO numeric code. */
export const countryName = (numeric: string): string | undefined => countries.getName(countries.numericToAlpha2(numeric) ?? "", "en");
