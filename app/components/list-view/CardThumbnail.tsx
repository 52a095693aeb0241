import { useEffect, useRef, useState } from "react";
import { Center, Text } from "@mantine/core";
import { IconPhotoOff } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/react";

const HEIGHT = 140;

/**
 * A list card's picture, as Superset's card view: the chart's or dashboard's thumbnail (thumbnail_url, drawn by
 * the server for this viewer), loaded lazily as the card scrolls into view. A thumbnail that cannot be drawn (the
 * API answers an error: no data access, a type the server cannot draw) leaves a plain box saying so.
 */
export function CardThumbnail({ url, name }: { url: string | null | undefined; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(!url);
  const img = useRef<HTMLImageElement>(null);
  // an image that failed before React hydrated fired its error event unheard
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(true);
  }, []);
  if (failed) {
    return (
      <Center h={HEIGHT} bg="var(--mantine-color-default-hover)" data-testid="card-thumbnail-fallback" style={{ flexDirection: "column", gap: 4 }}>
        <IconPhotoOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">{t("No preview")}</Text>
      </Center>
    );
  }
  return (
    <img ref={img} src={url!} alt={t("Thumbnail of {{name}}", { name })} loading="lazy" decoding="async" onError={() => setFailed(true)} data-testid="card-thumbnail"
      style={{ display: "block", width: "100%", height: HEIGHT, objectFit: "cover", objectPosition: "top", background: "var(--mantine-color-default-hover)" }} />
  );
}
