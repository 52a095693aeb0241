import { badRequest } from "../../http/errors";
import type { EngineUri } from "../spec";

// A D1 "URI" names a binding of this Worker: d1://EXAMPLES. There is no host, user or password.
export const d1Uri: EngineUri = {
  parse(scheme, rest) {
    const binding = rest.replace(/\/+$/, "");
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(binding))
      throw badRequest("Invalid D1 connection string: use d1://<BINDING>, e.g. d1://EXAMPLES", "INVALID_PAYLOAD_SCHEMA_ERROR");
    return { scheme, username: null, password: null, host: null, port: null, database: binding, query: {} };
  },
  build: (parts) => `d1://${parts.database ?? ""}`,
};
