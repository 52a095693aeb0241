import { Badge, Group } from "@mantine/core";
import { Link } from "@remix-run/react";

export interface TagBadge {
  id: number;
  name: string;
  type: number;
}

/**
 * An object's custom tags as links to the tag's all-entities page (Superset's TagsList in the list views: system
 * tags such as owner:1 or type:chart are not shown).
 */
export function TagBadges({ tags }: { tags: TagBadge[] }) {
  const custom = tags.filter((t) => t.type === 1);
  if (!custom.length) return <>—</>;
  return (
    <Group gap={4} data-testid="tag-badges">
      {custom.map((t) => (
        <Badge key={t.id} variant="light" component={Link} to={`/superset/all_entities/?id=${t.id}`} style={{ cursor: "pointer", textTransform: "none" }}>{t.name}</Badge>
      ))}
    </Group>
  );
}
