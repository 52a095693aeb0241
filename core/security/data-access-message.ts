// What a user with no data access is told (SQL Lab, the Databases list): not that nothing exists, but that
// access is missing and who gives it. Data access is the database_access / datasource_access permissions
// an admin grants through a role (List Roles).

export const NO_DATA_ACCESS_TITLE = "You don't have access to any database";

export const NO_DATA_ACCESS_HELP =
  "Databases are only shown to users granted access to them. Ask an admin to grant you database access " +
  "(a role with access to a database or to one of its datasets); then they appear here.";
