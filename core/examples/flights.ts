import { seededRandom, type Random } from "./prng";
import type { CellValue, ExampleDataset, ExampleTable } from "./types";

// US domestic flights of 2015 with their delays, in the spirit of Superset's flight examples.
// Delays are mostly small with a long tail; evenings, winter storms and summer thunderstorms make them
// worse; a few flights are cancelled (more in February) or diverted.

const AIRPORTS: [code: string, city: string, state: string, lat: number, lon: number, size: number][] = [
  ["ATL", "Atlanta", "GA", 33.64, -84.43, 10], ["ORD", "Chicago", "IL", 41.98, -87.9, 9], ["DFW", "Dallas-Fort Worth", "TX", 32.9, -97.04, 8],
  ["DEN", "Denver", "CO", 39.86, -104.67, 7], ["LAX", "Los Angeles", "CA", 33.94, -118.41, 8], ["SFO", "San Francisco", "CA", 37.62, -122.38, 6],
  ["PHX", "Phoenix", "AZ", 33.43, -112.01, 5], ["IAH", "Houston", "TX", 29.98, -95.34, 5], ["LAS", "Las Vegas", "NV", 36.08, -115.15, 5],
  ["MSP", "Minneapolis", "MN", 44.88, -93.22, 4], ["MCO", "Orlando", "FL", 28.43, -81.31, 4], ["SEA", "Seattle", "WA", 47.45, -122.31, 4],
  ["DTW", "Detroit", "MI", 42.21, -83.35, 4], ["BOS", "Boston", "MA", 42.36, -71.01, 4], ["EWR", "Newark", "NJ", 40.69, -74.17, 4],
  ["CLT", "Charlotte", "NC", 35.21, -80.94, 4], ["LGA", "New York", "NY", 40.78, -73.87, 4], ["SLC", "Salt Lake City", "UT", 40.79, -111.98, 3],
  ["JFK", "New York", "NY", 40.64, -73.78, 3], ["BWI", "Baltimore", "MD", 39.18, -76.67, 3], ["MDW", "Chicago", "IL", 41.79, -87.75, 2],
  ["MIA", "Miami", "FL", 25.79, -80.29, 3], ["SAN", "San Diego", "CA", 32.73, -117.19, 2], ["TPA", "Tampa", "FL", 27.98, -82.53, 2],
  ["PDX", "Portland", "OR", 45.59, -122.6, 2], ["STL", "St. Louis", "MO", 38.75, -90.37, 2], ["HNL", "Honolulu", "HI", 21.32, -157.92, 1],
  ["ANC", "Anchorage", "AK", 61.17, -149.99, 1],
];

const AIRLINES: [code: string, name: string, weight: number, punctuality: number][] = [
  ["WN", "Southwest Airlines", 22, 1.0], ["DL", "Delta Air Lines", 15, 0.75], ["AA", "American Airlines", 12, 1.0],
  ["OO", "SkyWest Airlines", 10, 1.05], ["EV", "ExpressJet Airlines", 9, 1.2], ["UA", "United Air Lines", 9, 1.15],
  ["MQ", "American Eagle Airlines", 5, 1.25], ["B6", "JetBlue Airways", 5, 1.2], ["US", "US Airways", 4, 0.95],
  ["AS", "Alaska Airlines", 3, 0.6], ["NK", "Spirit Air Lines", 2, 1.5], ["F9", "Frontier Airlines", 2, 1.4], ["HA", "Hawaiian Airlines", 1, 0.5],
];

const CANCELLATION_REASONS: [string, number][] = [["Weather", 54], ["Airline/Carrier", 28], ["National Air System", 18]];

export const FLIGHTS_PER_DAY = 40;
export const FLIGHT_YEAR = 2015;

export const flightsTable: ExampleTable = {
  tableName: "flights",
  description: "US domestic flights of 2015 with departure and arrival delays (generated example data).",
  mainDttmCol: "scheduled_departure",
  columns: [
    { name: "flight_date", sqlType: "DATE", generic: "temporal", isDttm: true, verboseName: "Flight date" },
    { name: "airline", sqlType: "TEXT", generic: "string", description: "IATA airline code" },
    { name: "airline_name", sqlType: "TEXT", generic: "string", verboseName: "Airline" },
    { name: "flight_number", sqlType: "INTEGER", generic: "numeric" },
    { name: "origin", sqlType: "TEXT", generic: "string", description: "IATA airport code" },
    { name: "origin_city", sqlType: "TEXT", generic: "string" },
    { name: "origin_state", sqlType: "TEXT", generic: "string" },
    { name: "origin_latitude", sqlType: "REAL", generic: "numeric" },
    { name: "origin_longitude", sqlType: "REAL", generic: "numeric" },
    { name: "destination", sqlType: "TEXT", generic: "string", description: "IATA airport code" },
    { name: "destination_city", sqlType: "TEXT", generic: "string" },
    { name: "destination_state", sqlType: "TEXT", generic: "string" },
    { name: "scheduled_departure", sqlType: "DATETIME", generic: "temporal", isDttm: true },
    { name: "departure_time", sqlType: "DATETIME", generic: "temporal", isDttm: true },
    { name: "departure_delay", sqlType: "INTEGER", generic: "numeric", description: "minutes; negative when early" },
    { name: "scheduled_arrival", sqlType: "DATETIME", generic: "temporal", isDttm: true },
    { name: "arrival_time", sqlType: "DATETIME", generic: "temporal", isDttm: true },
    { name: "arrival_delay", sqlType: "INTEGER", generic: "numeric", description: "minutes; negative when early" },
    { name: "air_time", sqlType: "INTEGER", generic: "numeric", description: "minutes in the air" },
    { name: "distance", sqlType: "INTEGER", generic: "numeric", description: "miles" },
    { name: "cancelled", sqlType: "BOOLEAN", generic: "boolean" },
    { name: "cancellation_reason", sqlType: "TEXT", generic: "string" },
    { name: "diverted", sqlType: "BOOLEAN", generic: "boolean" },
  ],
  metrics: [
    { name: "count", expression: "COUNT(*)", verboseName: "Flights", metricType: "count", d3format: ",d" },
    { name: "avg__departure_delay", expression: "AVG(departure_delay)", verboseName: "Average departure delay", metricType: "avg", d3format: ",.1f" },
    { name: "avg__arrival_delay", expression: "AVG(arrival_delay)", verboseName: "Average arrival delay", metricType: "avg", d3format: ",.1f" },
    { name: "cancellation_rate", expression: "AVG(CASE WHEN cancelled THEN 1.0 ELSE 0.0 END)", verboseName: "Cancellation rate", d3format: ".2%" },
    { name: "sum__distance", expression: "SUM(distance)", verboseName: "Miles flown", metricType: "sum", d3format: ",d" },
  ],
};

/** Great-circle distance in statute miles. */
export function greatCircleMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(a));
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** Minutes late at the gate: mostly a few minutes early or late, sometimes very late. */
function departureDelay(r: Random, month: number, hour: number, punctuality: number): number {
  const season = month === 12 || month <= 2 ? 1.5 : month >= 6 && month <= 8 ? 1.35 : 1;
  const evening = 0.6 + hour / 24;
  const lateChance = Math.min(0.6, 0.18 * season * evening * punctuality);
  const base = Math.round(r.normal(-3, 4));
  return r.chance(lateChance) ? base + Math.round(r.exponential(38 * season * punctuality)) : base;
}

function* flightRows(): Generator<CellValue[]> {
  const r = seededRandom(2015);
  const weightedAirports = AIRPORTS.map((a) => [a, a[5]] as const);
  const weightedAirlines = AIRLINES.map((a) => [a, a[2]] as const);
  const start = Date.UTC(FLIGHT_YEAR, 0, 1);
  for (let d = 0; d < 365; d++) {
    const day = start + d * 86_400_000;
    const month = new Date(day).getUTCMonth() + 1;
    const flightDate = iso(day).slice(0, 10);
    const departures: number[] = [];
    for (let i = 0; i < FLIGHTS_PER_DAY; i++) departures.push(day + (r.int(5 * 12, 23 * 12) * 5) * 60_000);
    departures.sort((a, b) => a - b);
    for (const scheduled of departures) {
      const origin = r.weighted(weightedAirports);
      // no hops between neighbouring airports (JFK to EWR): airlines do not fly them
      let destination = r.weighted(weightedAirports);
      while (greatCircleMiles(origin[3], origin[4], destination[3], destination[4]) < 150) destination = r.weighted(weightedAirports);
      const [airline, airlineName, , punctuality] = r.weighted(weightedAirlines);
      const distance = Math.round(greatCircleMiles(origin[3], origin[4], destination[3], destination[4]));
      const airTime = Math.round(distance / 7.6 + 12 + r.normal(0, 4));
      const scheduledBlock = airTime + 30;
      const scheduledArrival = scheduled + scheduledBlock * 60_000;
      const hour = new Date(scheduled).getUTCHours();
      const winterStorm = (month === 2 || month === 1) && r.chance(0.02);
      const cancelled = r.chance(month === 2 ? 0.045 : month === 1 || month === 12 ? 0.025 : 0.01) || winterStorm;
      const common = [flightDate, airline, airlineName, r.int(1, 6999), origin[0], origin[1], origin[2], origin[3], origin[4],
        destination[0], destination[1], destination[2], iso(scheduled)];
      if (cancelled) {
        const reason = winterStorm ? "Weather" : r.weighted(CANCELLATION_REASONS);
        yield [...common, null, null, iso(scheduledArrival), null, null, null, distance, true, reason, false];
        continue;
      }
      const delay = departureDelay(r, month, hour, punctuality);
      const diverted = r.chance(0.0025);
      // taxi and en-route time recover a few minutes on average, or lose some in congestion
      const arrivalDelay = delay + Math.round(r.normal(-5, 9));
      const departed = scheduled + delay * 60_000;
      yield [...common, iso(departed), delay, iso(scheduledArrival), diverted ? null : iso(scheduledArrival + arrivalDelay * 60_000),
        diverted ? null : arrivalDelay, diverted ? null : airTime, distance, false, null, diverted];
    }
  }
}

export const flights: ExampleDataset = { table: flightsTable, rows: flightRows };
