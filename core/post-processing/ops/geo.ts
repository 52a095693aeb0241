import { num, postProcessingError, requireColumn, setColumn, stringOption, type Frame } from "../frame";

// geohash_decode / geohash_encode (the standard base-32 geohash, 12 characters as python-geohash encodes)
// and geodetic_parse (a "latitude, longitude[, altitude]" text into numbers).

const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

export function decodeGeohash(hash: string): { lat: number; lon: number } | null {
  let even = true;
  const lat = [-90, 90];
  const lon = [-180, 180];
  for (const ch of hash.toLowerCase()) {
    const value = BASE32.indexOf(ch);
    if (value < 0) return null;
    for (let bit = 4; bit >= 0; bit--) {
      const range = even ? lon : lat;
      const mid = (range[0] + range[1]) / 2;
      if ((value >> bit) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return { lat: (lat[0] + lat[1]) / 2, lon: (lon[0] + lon[1]) / 2 };
}

export function encodeGeohash(latitude: number, longitude: number, precision = 12): string {
  const lat = [-90, 90];
  const lon = [-180, 180];
  let hash = "";
  let even = true;
  let bits = 0;
  let value = 0;
  while (hash.length < precision) {
    const range = even ? lon : lat;
    const coordinate = even ? longitude : latitude;
    const mid = (range[0] + range[1]) / 2;
    if (coordinate >= mid) {
      value = (value << 1) | 1;
      range[0] = mid;
    } else {
      value <<= 1;
      range[1] = mid;
    }
    even = !even;
    if (++bits === 5) {
      hash += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

export function geohashDecode(frame: Frame, options: Record<string, unknown>): Frame {
  const source = requireColumn(frame, "geohash_decode", options.geohash).values;
  const decoded = source.map((v) => (typeof v === "string" ? decodeGeohash(v) : null));
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  setColumn(out, stringOption("geohash_decode", options, "latitude"), decoded.map((d) => d?.lat ?? null));
  setColumn(out, stringOption("geohash_decode", options, "longitude"), decoded.map((d) => d?.lon ?? null));
  return out;
}

export function geohashEncode(frame: Frame, options: Record<string, unknown>): Frame {
  const lat = requireColumn(frame, "geohash_encode", options.latitude).values.map(num);
  const lon = requireColumn(frame, "geohash_encode", options.longitude).values.map(num);
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  setColumn(out, stringOption("geohash_encode", options, "geohash"), lat.map((la, i) => (la === null || lon[i] === null ? null : encodeGeohash(la, lon[i]!))));
  return out;
}

export function geodeticParse(frame: Frame, options: Record<string, unknown>): Frame {
  const source = requireColumn(frame, "geodetic_parse", options.geodetic).values;
  const parsed = source.map((v) => {
    if (typeof v !== "string") return null;
    const parts = v.split(/[,\s]+/).filter(Boolean).map(Number);
    if (parts.length < 2 || parts.length > 3 || parts.some((p) => !Number.isFinite(p))) return null;
    if (Math.abs(parts[0]) > 90 || Math.abs(parts[1]) > 180) return null;
    return parts;
  });
  if (source.some((v, i) => v !== null && v !== undefined && parsed[i] === null))
    throw postProcessingError("geodetic_parse", "Invalid geodetic string: expected \"latitude, longitude[, altitude]\" in decimal degrees");
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  setColumn(out, stringOption("geodetic_parse", options, "latitude"), parsed.map((p) => p?.[0] ?? null));
  setColumn(out, stringOption("geodetic_parse", options, "longitude"), parsed.map((p) => p?.[1] ?? null));
  if (typeof options.altitude === "string") setColumn(out, options.altitude, parsed.map((p) => p?.[2] ?? null));
  return out;
}
