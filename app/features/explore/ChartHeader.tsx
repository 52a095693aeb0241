import { useState } from "react";
import { ActionIcon, Badge, Group, TextInput, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { QueryData } from "../../../core/charts/contract";
import { showToast } from "../../components/toast-store";
import { exploreStore, runQuery, setSliceName, toggleFavorite } from "./store";

// The left half of Explore's chart header, as Superset's: the chart title (click to edit; kept for the save
// dialog and saved with the chart), the favourite star of a saved chart, the answer's row count and, when the
// answer came from the cache, a "Cached" label whose click queries again bypassing the cache.

function EditableTitle() {
  const snap = useSnapshot(exploreStore);
  const [editing, setEditing] = useState<string | null>(null);
  const title = snap.sliceName ?? "Untitled chart";
  if (editing !== null) {
    const done = () => {
      setSliceName(editing);
      setEditing(null);
    };
    return (
      <TextInput size="xs" autoFocus aria-label="Chart title" value={editing} w={280} onChange={(e) => setEditing(e.currentTarget.value)} onBlur={done}
        onKeyDown={(e) => {
          if (e.key === "Enter") done();
          if (e.key === "Escape") setEditing(null);
        }} />
    );
  }
  return (
    <Tooltip label="Click to edit the title">
      <UnstyledButton onClick={() => setEditing(snap.sliceName ?? "")} aria-label="Edit chart title">
        <Title order={4} data-testid="chart-title" c={snap.sliceName ? undefined : "dimmed"}>{title}</Title>
      </UnstyledButton>
    </Tooltip>
  );
}

function FavoriteStar() {
  const snap = useSnapshot(exploreStore);
  if (!snap.slice) return null;
  const label = snap.isStarred ? "Remove from favorites" : "Add to favorites";
  async function toggle() {
    const failure = await toggleFavorite();
    if (failure) showToast("danger", `There was an issue favoriting this chart: ${failure}`);
  }
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="yellow" aria-label={label} aria-pressed={snap.isStarred} onClick={() => void toggle()} data-testid="favorite-star">
        {snap.isStarred ? "★" : "☆"}
      </ActionIcon>
    </Tooltip>
  );
}

export function ChartHeader({ answer }: { answer: QueryData | null }) {
  const rows = answer ? (answer.rowcount ?? answer.data.length) : null;
  const cachedAt = answer?.is_cached ? String(answer.cached_dttm ?? "") : null;
  return (
    <Group gap="xs">
      <EditableTitle />
      <FavoriteStar />
      {rows !== null && <Badge variant="light" color="gray" data-testid="row-count">{rows} {rows === 1 ? "row" : "rows"}</Badge>}
      {cachedAt !== null && (
        <Tooltip label={`Loaded data cached ${cachedAt.replace("T", " ")} UTC. Click to force-refresh`}>
          <Badge variant="light" color="teal" style={{ cursor: "pointer" }} onClick={() => void runQuery(true)} data-testid="cached-label">Cached</Badge>
        </Tooltip>
      )}
    </Group>
  );
}
