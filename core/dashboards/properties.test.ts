import { expect, test } from "vitest";
import { pageI18n, translator } from "../i18n/translate";
import { compiledCatalog } from "../i18n/catalog";
import { parseMetadataText, propertiesPayload, validateProperties, withMetadataKey, type PropertiesForm } from "./properties";

const form: PropertiesForm = {
  title: "Sales", slug: "sales", owners: ["1", "2"], roles: [], certifiedBy: "", certificationDetails: "", colorScheme: "supersetColors", timeZone: "",
  jsonMetadata: '{"refresh_frequency": 60, "color_scheme": "bnbColors"}',
};

// the German entries of the checks' messages; English reads each key itself, compiled from the same catalogs
const de = {
  "A URL slug cannot be only digits (it would read as an id)": "Ein URL-Slug darf nicht nur aus Ziffern bestehen (er würde als ID gelesen)",
  "Unknown time zone: {{zone}}": "Unbekannte Zeitzone: {{zone}}",
  "A valid color scheme is required: {{name}} is not one": "Ein gültiges Farbschema ist erforderlich: {{name}} ist keines",
  "Certification details need a certifier": "Zertifizierungsdetails brauchen einen Zertifizierer",
};
const english = translator(pageI18n("en", compiledCatalog("en", { de })));

test("the properties form names each bad field", () => {
  expect(validateProperties(form, ["supersetColors", "bnbColors"], english)).toEqual({});
  expect(validateProperties({ ...form, jsonMetadata: "[1]", slug: "123", colorScheme: "nope", certificationDetails: "why" }, ["supersetColors"], english)).toEqual({
    jsonMetadata: "JSON metadata must be a JSON object", slug: "A URL slug cannot be only digits (it would read as an id)",
    colorScheme: "A valid color scheme is required: nope is not one", certifiedBy: "Certification details need a certifier",
  });
  expect(validateProperties({ ...form, jsonMetadata: "{oops" }, ["supersetColors"], english).jsonMetadata).toMatch(/^JSON metadata is invalid: /);
  expect(parseMetadataText("  ")).toEqual({ ok: true, value: {} });
});

test("the payload carries the chosen colour scheme inside the metadata and the overwrite guard", () => {
  expect(propertiesPayload({ ...form, slug: " ", certificationDetails: "ignored" }, 1700000000)).toEqual({
    dashboard_title: "Sales", slug: null, owners: [1, 2], roles: [], certified_by: null, certification_details: null,
    json_metadata: JSON.stringify({ refresh_frequency: 60, color_scheme: "bnbColors" }), last_modified_time: 1700000000,
  });
  // the JSON's own scheme wins over the picker; without one the picker's is written in (or none at all)
  const noScheme = { ...form, jsonMetadata: '{"refresh_frequency": 60}' };
  expect(JSON.parse(propertiesPayload(noScheme, undefined).json_metadata as string)).toEqual({ refresh_frequency: 60, color_scheme: "supersetColors" });
  expect(JSON.parse(propertiesPayload({ ...noScheme, colorScheme: "" }, undefined).json_metadata as string)).toEqual({ refresh_frequency: 60 });
  expect(validateProperties(form, ["supersetColors"], english).colorScheme).toBe("A valid color scheme is required: bnbColors is not one");
});

test("'Show times in' pins a zone in the metadata, canonical, and names an unknown one", () => {
  const pinned = { ...form, timeZone: "america/new_york" };
  expect(JSON.parse(propertiesPayload(pinned, undefined).json_metadata as string)).toEqual({ refresh_frequency: 60, color_scheme: "bnbColors", time_zone: "America/New_York" });
  // each viewer's zone: nothing pinned, and a zone the JSON held is dropped only when the JSON drops it
  expect(JSON.parse(propertiesPayload(form, undefined).json_metadata as string)).not.toHaveProperty("time_zone");
  expect(JSON.parse(propertiesPayload({ ...form, jsonMetadata: '{"time_zone": "Asia/Kolkata"}' }, undefined).json_metadata as string).time_zone).toBe("Asia/Kolkata");
  expect(validateProperties({ ...form, timeZone: "Mars/Olympus" }, ["bnbColors"], english)).toEqual({ timeZone: "Unknown time zone: Mars/Olympus" });
  expect(validateProperties({ ...form, jsonMetadata: '{"time_zone": "Europe/Atlantis"}' }, ["supersetColors"], english)).toEqual({ timeZone: "Unknown time zone: Europe/Atlantis" });
});

test("a picker writes its key into the metadata text, or leaves unreadable text alone", () => {
  expect(JSON.parse(withMetadataKey('{"a": 1}', "time_zone", "Europe/Berlin")!)).toEqual({ a: 1, time_zone: "Europe/Berlin" });
  expect(JSON.parse(withMetadataKey('{"a": 1, "time_zone": "Europe/Berlin"}', "time_zone", null)!)).toEqual({ a: 1 });
  expect(withMetadataKey("{oops", "time_zone", "UTC")).toBeNull();
});

test("the field checks speak the page's language when given its t", () => {
  const t = translator(pageI18n("de", compiledCatalog("de", { de })));
  expect(validateProperties({ ...form, slug: "123", timeZone: "Mars/Olympus" }, ["supersetColors", "bnbColors"], t)).toEqual({
    slug: "Ein URL-Slug darf nicht nur aus Ziffern bestehen (er würde als ID gelesen)",
    timeZone: "Unbekannte Zeitzone: Mars/Olympus",
  });
});
