// The shapes the connector registry, the engines and the connection pool share: apart from registry.ts so
// that an engine or the pool can name them without importing the registry that imports them.

/** Where a TCP engine is: the stored URI with its password, or a Hyperdrive binding in production. */
export interface NetworkTarget {
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  database: string | null;
  query: Record<string, string>;
  /** true when Hyperdrive pools the connections (then no second connection for cancellation) */
  viaHyperdrive: boolean;
}

export interface ConnectionSpec {
  engine: string;
  sqlalchemy_uri: string;
  /** plaintext password, when there is one */
  password: string | null;
  extra: string | null;
}

/** How a connector is used: by one request (the default), or kept between runs by a pool. */
export interface ConnectorUse {
  /** seconds an idle connection stays open; a pool keeps its own, longer, clock */
  idleSeconds?: number;
}
