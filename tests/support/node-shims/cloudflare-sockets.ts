// Node stand-in for `cloudflare:sockets`, so modules that import it can be loaded by vitest in Node.
// Opening a socket is a mistake in those tests: database connectors are tested for real in workerd.
export function connect(): never {
  throw new Error("cloudflare:sockets is only available inside workerd");
}
