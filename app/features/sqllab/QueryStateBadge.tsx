import { Badge } from "@mantine/core";
import { badgeColour } from "../../../core/sqllab/query-state";
import type { QueryState } from "../../../core/sqllab/types";

// A run's state as a badge, coloured as Superset colours it (core/sqllab/query-state badgeColour).

const MANTINE_COLOUR = { danger: "red", info: "blue", warning: "yellow", success: "green" } as const;

export function QueryStateBadge({ query }: { query: { state: QueryState | "offline" } }) {
  const colour = badgeColour(query.state);
  return (
    <Badge color={colour ? MANTINE_COLOUR[colour] : "gray"} variant="light" data-testid="query-state">
      {query.state}
    </Badge>
  );
}
