import { Alert, Text } from "@mantine/core";
import { chooseZone, pinnedZoneOf } from "../../../../core/time-zone/viewer-zone";

/**
 * A dashboard that pins a time zone (json_metadata.time_zone) says so: its "Today" is that zone's day for every
 * viewer. A pinned zone that is no longer valid opens in UTC with this warning (the server falls back alike).
 */
export function PinnedZone({ metadata }: { metadata: Record<string, unknown> }) {
  const pinned = pinnedZoneOf(metadata);
  if (pinned === undefined) return null;
  const { zone, warning } = chooseZone(pinned, null);
  if (warning) return <Alert color="yellow" data-testid="dashboard-zone-warning">{warning}</Alert>;
  return <Text size="sm" c="dimmed" data-testid="dashboard-zone">Times in {zone}</Text>;
}
