import { useEffect, useState } from "react";
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Textarea } from "@mantine/core";
import { embedCode } from "../../../core/explore/embed-code";
import { copyText } from "../sqllab/clipboard";
import { createPermalink } from "./store";

// Superset's "Embed code": an iframe of a permalink to the chart as it is now, opened standalone (the chart alone),
// with the width and height chosen here.

export function EmbedCodeModal({ onClose }: { onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState(600);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    let live = true;
    void createPermalink().then((link) => live && (link.ok ? setUrl(link.url) : setError(link.message)));
    return () => {
      live = false;
    };
  }, []);
  const code = url ? embedCode(url, width, height) : "";
  return (
    <Modal opened onClose={onClose} title="Embed code" size="lg">
      {error && <Alert color="red" variant="light">Sorry, something went wrong. Try again later. {error}</Alert>}
      {!url && !error && <Loader size="sm" />}
      {url && (
        <Stack>
          <Textarea readOnly autosize minRows={6} value={code} styles={{ input: { fontFamily: "monospace" } }} data-testid="embed-code" />
          <Group grow>
            <NumberInput label="Chart height" min={50} max={4000} value={height} onChange={(v) => typeof v === "number" && setHeight(v)} data-testid="embed-height" />
            <NumberInput label="Chart width" min={50} max={4000} value={width} onChange={(v) => typeof v === "number" && setWidth(v)} data-testid="embed-width" />
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => void copyText(code)} data-testid="embed-copy">Copy</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
