// Rows stored in UTC and the bucket each must fall in when a viewer's zone buckets them, worked out by hand from
// the zones' rules (see core/time-zone/transitions.test.ts for the transition instants). The unit tests run these
// on SQLite (D1's engine); tests/integration/time-zone-grains.test.ts on PostgreSQL (timestamp and timestamptz),
// MariaDB and D1. Buckets are the zone's wall clock reading of the bucket's start.

export interface ZonedGrainCase {
  zone: string;
  grain: string;
  /** the stored UTC reading */
  utc: string;
  /** the bucket, as the zone's wall clock */
  bucket: string;
  why: string;
}

export const ZONED_GRAIN_CASES: ZonedGrainCase[] = [
  // Asia/Kolkata, UTC+5:30 all year
  { zone: "Asia/Kolkata", grain: "P1D", utc: "2024-01-01 18:29:59", bucket: "2024-01-01 00:00:00", why: "23:59:59 IST, still 1 January" },
  { zone: "Asia/Kolkata", grain: "P1D", utc: "2024-01-01 18:30:00", bucket: "2024-01-02 00:00:00", why: "midnight IST starts 2 January at 18:30 UTC" },
  { zone: "Asia/Kolkata", grain: "PT1M", utc: "2024-01-01 00:00:30", bucket: "2024-01-01 05:30:00", why: "05:30:30 IST" },
  { zone: "Asia/Kolkata", grain: "PT1H", utc: "2024-01-01 00:45:00", bucket: "2024-01-01 06:00:00", why: "06:15 IST: the half-hour offset moves the hour" },
  { zone: "Asia/Kolkata", grain: "P1M", utc: "2024-01-31 19:00:00", bucket: "2024-02-01 00:00:00", why: "00:30 IST on 1 February" },
  { zone: "Asia/Kolkata", grain: "P1Y", utc: "2023-12-31 18:30:00", bucket: "2024-01-01 00:00:00", why: "New Year in India while UTC is still in 2023" },
  // America/Chicago: CST UTC−6, CDT UTC−5; spring forward 10 March 2024 08:00 UTC, fall back 3 November 07:00 UTC
  { zone: "America/Chicago", grain: "P1D", utc: "2024-03-10 05:59:59", bucket: "2024-03-09 00:00:00", why: "23:59:59 CST on 9 March" },
  { zone: "America/Chicago", grain: "P1D", utc: "2024-03-10 06:00:00", bucket: "2024-03-10 00:00:00", why: "midnight CST starts the 23-hour day" },
  { zone: "America/Chicago", grain: "P1D", utc: "2024-03-11 04:59:59", bucket: "2024-03-10 00:00:00", why: "23:59:59 CDT, the 23-hour day's end" },
  { zone: "America/Chicago", grain: "PT1H", utc: "2024-03-10 07:30:00", bucket: "2024-03-10 01:00:00", why: "01:30 CST, just before the gap" },
  { zone: "America/Chicago", grain: "PT1H", utc: "2024-03-10 08:30:00", bucket: "2024-03-10 03:00:00", why: "03:30 CDT: 02:00–03:00 does not exist that day" },
  { zone: "America/Chicago", grain: "PT1H", utc: "2024-11-03 06:30:00", bucket: "2024-11-03 01:00:00", why: "01:30 CDT, the first 01:00 hour" },
  { zone: "America/Chicago", grain: "PT1H", utc: "2024-11-03 07:30:00", bucket: "2024-11-03 01:00:00", why: "01:30 CST, the repeated hour: the same wall bucket" },
  { zone: "America/Chicago", grain: "P1D", utc: "2024-11-04 05:59:59", bucket: "2024-11-03 00:00:00", why: "23:59:59 CST ends the 25-hour day" },
  { zone: "America/Chicago", grain: "P1D", utc: "2024-11-04 06:00:00", bucket: "2024-11-04 00:00:00", why: "midnight CST on 4 November" },
  { zone: "America/Chicago", grain: "P1W", utc: "2024-03-11 03:00:00", bucket: "2024-03-04 00:00:00", why: "Sunday 10 March 22:00 CDT: still the week of Monday 4 March" },
  { zone: "America/Chicago", grain: "1969-12-28T00:00:00Z/P1W", utc: "2024-03-10 05:00:00", bucket: "2024-03-03 00:00:00", why: "Saturday 9 March 23:00 CST: the Sunday week of 3 March" },
  { zone: "America/Chicago", grain: "P1M", utc: "2024-04-01 03:00:00", bucket: "2024-03-01 00:00:00", why: "31 March 22:00 CDT" },
  { zone: "America/Chicago", grain: "P3M", utc: "2024-04-01 03:00:00", bucket: "2024-01-01 00:00:00", why: "still the first quarter in Chicago" },
  { zone: "America/Chicago", grain: "P1Y", utc: "2025-01-01 05:00:00", bucket: "2024-01-01 00:00:00", why: "New Year's Eve 23:00 CST" },
  // Europe/Berlin: CET UTC+1, CEST UTC+2; changes 31 March and 27 October 2024 at 01:00 UTC
  { zone: "Europe/Berlin", grain: "PT1H", utc: "2024-03-31 00:30:00", bucket: "2024-03-31 01:00:00", why: "01:30 CET" },
  { zone: "Europe/Berlin", grain: "PT1H", utc: "2024-03-31 01:30:00", bucket: "2024-03-31 03:00:00", why: "03:30 CEST: 02:00–03:00 skipped" },
  { zone: "Europe/Berlin", grain: "PT1H", utc: "2024-10-27 00:30:00", bucket: "2024-10-27 02:00:00", why: "02:30 CEST, the first 02:00 hour" },
  { zone: "Europe/Berlin", grain: "PT1H", utc: "2024-10-27 01:30:00", bucket: "2024-10-27 02:00:00", why: "02:30 CET, the repeated hour" },
  { zone: "Europe/Berlin", grain: "P1D", utc: "2024-10-26 22:30:00", bucket: "2024-10-27 00:00:00", why: "00:30 CEST on 27 October" },
  { zone: "Europe/Berlin", grain: "1969-12-28T00:00:00Z/P1W", utc: "2024-03-30 23:30:00", bucket: "2024-03-31 00:00:00", why: "Sunday 31 March 00:30 CET starts a Sunday week" },
  { zone: "Europe/Berlin", grain: "P3M", utc: "2024-06-30 22:30:00", bucket: "2024-07-01 00:00:00", why: "1 July 00:30 CEST: the third quarter" },
];

/** The span the cases cover, for the window a query over them would have. */
export const ZONED_CASES_SINCE = new Date("2023-12-01T00:00:00Z");
export const ZONED_CASES_UNTIL = new Date("2025-02-01T00:00:00Z");
