// GET /api/v1/database/available/: the engines this deployment can connect to, in Superset's shape,
// so the connection form can offer them with a placeholder URI and its fields.
import { ENGINES } from "../../core/engines/registry";

const parameters = (defaultPort: number) => ({
  type: "object",
  properties: {
    host: { type: "string", description: "Hostname or IP address" },
    port: { type: "integer", description: "Database port", default: defaultPort, minimum: 1, maximum: 65535 },
    database: { type: "string", description: "Database name" },
    username: { type: "string", nullable: true, description: "Username" },
    password: { type: "string", nullable: true, description: "Password" },
    query: { type: "object", description: "Additional parameters" },
    encryption: { type: "boolean", description: "Use an encrypted connection (sslmode=require)" },
  },
  required: ["database", "host", "port", "username"],
});

const engineInformation = { supports_file_upload: false, disable_ssh_tunneling: true, supports_dynamic_catalog: false, supports_oauth2: false };

const LISTED = [
  {
    engine: "postgresql",
    name: "PostgreSQL",
    default_driver: "psycopg2",
    available_drivers: ["psycopg2"],
    preferred: true,
    sqlalchemy_uri_placeholder: "postgresql://user:password@host:port/dbname[?key=value&key=value...]",
    parameters: parameters(5432),
    engine_information: engineInformation,
    supports_file_upload: false,
  },
  {
    engine: "mysql",
    name: "MySQL",
    default_driver: "mysqldb",
    available_drivers: ["mysqldb"],
    preferred: true,
    sqlalchemy_uri_placeholder: "mysql://user:password@host:port/dbname[?key=value&key=value...]",
    parameters: parameters(3306),
    engine_information: engineInformation,
    supports_file_upload: false,
  },
  {
    engine: "d1",
    name: "Cloudflare D1",
    default_driver: "d1",
    available_drivers: ["d1"],
    preferred: false,
    sqlalchemy_uri_placeholder: "d1://BINDING",
    parameters: { type: "object", properties: { database: { type: "string", description: "Binding name" } }, required: ["database"] },
    engine_information: engineInformation,
    supports_file_upload: false,
  },
];

/** The listed engines, then every other registered engine as its spec describes it (a warehouse over HTTP). */
export const AVAILABLE_ENGINES = [
  ...LISTED,
  ...ENGINES.engines
    .filter((spec) => !LISTED.some((listed) => listed.engine === spec.name))
    .map((spec) => ({
      engine: spec.name,
      name: spec.form.label,
      default_driver: spec.driver,
      available_drivers: [spec.driver],
      preferred: false,
      sqlalchemy_uri_placeholder: spec.form.uriPlaceholder,
      parameters: parameters(spec.defaultPort ?? 0),
      engine_information: engineInformation,
      supports_file_upload: false,
    })),
];
