import { useEffect, useState } from "react";
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { apiCall } from "../../../components/api-call";
import { risonParam } from "../../../components/list-view/options";
import { useTranslation } from "../../../i18n/react";

// Superset's CssEditor: the dashboard's CSS, previewed on the page while typed, with the CSS templates
// (/api/v1/css_template/) to load from when the user may read them. Save stores it with the dashboard (with the
// overwrite guard); Cancel puts the page back as it was.

interface Template {
  id: number;
  template_name: string | null;
  css: string | null;
}

export function CssModal({ dashboardId, css, lastModifiedTime, csrfToken, onPreview, onClose, onSaved }: {
  dashboardId: number; css: string; lastModifiedTime: number | undefined; csrfToken: string | null;
  onPreview: (css: string | null) => void; onClose: () => void; onSaved: () => void;
}) {
  const [text, setText] = useState(css);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    void apiCall<{ result: Template[] }>("GET", `/api/v1/css_template/?q=${risonParam({ order_column: "template_name", order_direction: "asc", page_size: 100 })}`, csrfToken)
      .then((res) => setTemplates(res.ok ? res.body.result : null));
  }, [csrfToken]);
  const change = (next: string) => {
    setText(next);
    onPreview(next);
  };
  const cancel = () => {
    onPreview(null);
    onClose();
  };
  const save = async () => {
    setSaving(true);
    const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { css: text, ...(lastModifiedTime ? { last_modified_time: lastModifiedTime } : {}) });
    setSaving(false);
    if (!res.ok) return setFailure(res.message);
    onSaved();
  };
  return (
    <Modal opened onClose={cancel} title={t("Edit CSS")} size="xl" data-testid="css-modal">
      <Stack gap="sm">
        {failure && <Alert color="red" variant="light" data-testid="css-error">{failure}</Alert>}
        {templates && templates.length > 0 && (
          <Select label={t("Load a CSS template")} placeholder={t("Load a CSS template")} data-testid="css-template-select"
            data={templates.map((x) => ({ value: String(x.id), label: x.template_name || t("Template {{id}}", { id: x.id }) }))}
            onChange={(id) => {
              const chosen = templates.find((x) => String(x.id) === id);
              if (chosen) change(chosen.css ?? "");
            }} />
        )}
        <Text size="xs" c="dimmed">{t("The CSS applies to this dashboard only; it is previewed as you type.")}</Text>
        <Textarea aria-label="CSS" autosize minRows={10} maxRows={24} value={text} onChange={(e) => change(e.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }} data-testid="css-editor" />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>{t("Cancel")}</Button>
          <Button onClick={() => void save()} loading={saving} data-testid="css-save">{t("Save")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
