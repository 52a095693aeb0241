import { useState } from "react";
import { Textarea } from "@mantine/core";

// A list of settings objects (the time-series table's column collection) edited as JSON: the form data keeps the
// list itself, as Superset stores it; text that does not parse stays in the box with the parser's message and
// leaves the form data as it was.

export function JsonListControl({ label, description, value, onChange }: { label: string; description?: string; value: unknown; onChange: (v: unknown) => void }) {
  const shown = JSON.stringify(Array.isArray(value) ? value : [], null, 2);
  const [draft, setDraft] = useState<{ text: string; error?: string } | null>(null);
  const edit = (text: string) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) throw new Error("a list [ … ] is expected");
      setDraft(null);
      onChange(parsed);
    } catch (e) {
      setDraft({ text, error: (e as Error).message });
    }
  };
  return <Textarea label={label} description={description} size="xs" autosize minRows={3} maxRows={14} styles={{ input: { fontFamily: "monospace" } }} value={draft?.text ?? shown} error={draft?.error} onChange={(e) => edit(e.currentTarget.value)} />;
}
