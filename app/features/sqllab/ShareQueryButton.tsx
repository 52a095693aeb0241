import { Button, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { QueryEditor } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { call } from "./api";
import { copyText } from "./clipboard";

// "Copy link" (Superset's ShareSqlLabQuery): the tab's database, schema, name, SQL and template parameters
// are stored as a SQL Lab permalink; the link is copied and shown, so it can be copied by hand too.

export function ShareQueryButton({ editor }: { editor: QueryEditor }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const share = async () => {
    if (!editor.dbId) return;
    setBusy(true);
    try {
      const res = await call<{ key: string; url: string }>("POST", "/api/v1/sqllab/permalink", {
        dbId: editor.dbId, name: editor.name, sql: editor.sql, schema: editor.schema ?? null, catalog: editor.catalog ?? null,
        autorun: false, templateParams: editor.templateParams ?? null,
      });
      setUrl(res.url);
      await copyText(res.url);
    } catch (e) {
      setUrl(null);
      showToast("danger", `There was an error creating the link: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={url !== null} onChange={(o) => !o && setUrl(null)} width={420} position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="xs" variant="default" loading={busy} disabled={!editor.dbId || !editor.sql.trim()} onClick={() => void share()} data-testid="share-button">Copy link</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">Anyone with access to this database can open the query with this link.</Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput size="xs" readOnly value={url ?? ""} style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
            <Button size="xs" variant="subtle" onClick={() => setUrl(null)}>Close</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
