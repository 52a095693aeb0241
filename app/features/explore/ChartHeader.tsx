import { useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { ActionIcon, Avatar, Badge, Group, Text, TextInput, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { QueryData } from "../../../core/charts/contract";
import { showToast } from "../../components/toast-store";
import { exploreStore, runQuery, setSliceName, toggleFavorite } from "./store";
import { chooseZone } from "../../../core/time-zone/viewer-zone";
import type { RootData } from "../../root-data";
import { useTranslation } from "../../i18n/react";

// The left half of Explore's chart header, as Superset's: the chart title (click to edit; kept for the save
// dialog and saved with the chart), the favourite star of a saved chart, the answer's row count and, when the
// answer came from the cache, a "Cached" label whose click queries again bypassing the cache; and which time zone the
// chart's times are in (issue 29): the zone its answer names (time grains bucketed there), else the one the server
// chooses as it does (a dashboard's pinned zone carried in form_data, else the viewer's own, else UTC).

function EditableTitle() {
  const snap = useSnapshot(exploreStore);
  const [editing, setEditing] = useState<string | null>(null);
  const { t } = useTranslation();
  const title = snap.sliceName ?? t("Untitled chart");
  if (editing !== null) {
    const done = () => {
      setSliceName(editing);
      setEditing(null);
    };
    return (
      <TextInput size="xs" autoFocus aria-label={t("Chart title")} value={editing} w={280} onChange={(e) => setEditing(e.currentTarget.value)} onBlur={done}
        onKeyDown={(e) => {
          if (e.key === "Enter") done();
          if (e.key === "Escape") setEditing(null);
        }} />
    );
  }
  return (
    <Tooltip label={t("Click to edit the title")}>
      <UnstyledButton onClick={() => setEditing(snap.sliceName ?? "")} aria-label={t("Edit chart title")}>
        <Title order={4} data-testid="chart-title" c={snap.sliceName ? undefined : "dimmed"}>{title}</Title>
      </UnstyledButton>
    </Tooltip>
  );
}

function FavoriteStar() {
  const snap = useSnapshot(exploreStore);
  const { t } = useTranslation();
  if (!snap.slice) return null;
  const label = snap.isStarred ? t("Remove from favorites") : t("Add to favorites");
  async function toggle() {
    const failure = await toggleFavorite();
    if (failure) showToast("danger", t("There was an issue favoriting this chart: {{message}}", { message: failure }));
  }
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="yellow" aria-label={label} aria-pressed={snap.isStarred} onClick={() => void toggle()} data-testid="favorite-star">
        {snap.isStarred ? "★" : "☆"}
      </ActionIcon>
    </Tooltip>
  );
}

/** A saved chart's certification, as Superset's CertifiedBadge: who certified it, and the details in the tooltip. */
function CertifiedBadge() {
  const snap = useSnapshot(exploreStore);
  const { t } = useTranslation();
  const by = snap.slice?.certified_by;
  if (!by) return null;
  const details = snap.slice?.certification_details;
  return (
    <Tooltip label={<><Text size="xs" fw={600}>{t("Certified by {{name}}", { name: by })}</Text>{details && <Text size="xs">{details}</Text>}</>} data-testid="certified-tooltip">
      <Badge variant="light" color="teal" leftSection="✔" tt="none" data-testid="certified-badge" aria-label={t("Certified by {{name}}", { name: by })}>{t("Certified")}</Badge>
    </Tooltip>
  );
}

const ownerName = (o: { id: number; first_name?: string; last_name?: string }) => [o.first_name, o.last_name].filter(Boolean).join(" ") || `User ${o.id}`;
const initials = (name: string) => name.split(/\s+/).map((w) => w[0] ?? "").join("").slice(0, 2).toUpperCase();

/** The saved chart's owners as avatars (initials), each named in its tooltip, as Superset's header shows them. */
function Owners() {
  const snap = useSnapshot(exploreStore);
  const owners = snap.slice?.owners ?? [];
  if (!owners.length) return null;
  return (
    <Avatar.Group spacing="xs" data-testid="chart-owners">
      {owners.slice(0, 4).map((o) => (
        <Tooltip key={o.id} label={ownerName(o)}>
          <Avatar size="sm" radius="xl" color="initials" name={ownerName(o)} aria-label={ownerName(o)} data-testid="chart-owner">{initials(ownerName(o))}</Avatar>
        </Tooltip>
      ))}
      {owners.length > 4 && (
        <Tooltip label={owners.slice(4).map(ownerName).join(", ")}>
          <Avatar size="sm" radius="xl">+{owners.length - 4}</Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}

function ChartZone({ answer }: { answer: QueryData | null }) {
  const snap = useSnapshot(exploreStore);
  const viewer = useRouteLoaderData<RootData>("root")?.user?.time_zone ?? null;
  const { t } = useTranslation();
  const { zone, warning } = typeof answer?.time_zone === "string" ? { zone: answer.time_zone, warning: undefined } : chooseZone(snap.formData.time_zone, viewer);
  return (
    <Tooltip label={warning ?? t("Relative time ranges and time grains follow this zone; set yours under “Your profile”")}>
      <Text size="xs" c={warning ? "yellow.8" : "dimmed"} data-testid="chart-zone">{t("Times in {{zone}}", { zone })}</Text>
    </Tooltip>
  );
}

export function ChartHeader({ answer }: { answer: QueryData | null }) {
  const rows = answer ? (answer.rowcount ?? answer.data.length) : null;
  const cachedAt = answer?.is_cached ? String(answer.cached_dttm ?? "") : null;
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <CertifiedBadge />
      <EditableTitle />
      <FavoriteStar />
      <Owners />
      {rows !== null && <Badge variant="light" color="gray" data-testid="row-count">{t("{{count}} rows", { count: rows })}</Badge>}
      {cachedAt !== null && (
        <Tooltip label={t("Loaded data cached {{when}} UTC. Click to force-refresh", { when: cachedAt.replace("T", " ") })}>
          <Badge variant="light" color="teal" style={{ cursor: "pointer" }} onClick={() => void runQuery(true)} data-testid="cached-label">{t("Cached")}</Badge>
        </Tooltip>
      )}
      <ChartZone answer={answer} />
    </Group>
  );
}
