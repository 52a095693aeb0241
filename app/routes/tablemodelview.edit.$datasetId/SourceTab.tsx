import { Alert, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { DatasetDraft } from "../../../core/datasets/editor-draft";
import { CODE_INPUT_STYLES } from "../../components/code-input";

interface Source {
  kind: string;
  database: { database_name: string };
  schema: string | null;
  table_name: string;
}

/**
 * Where the dataset reads from. A virtual dataset's SQL is edited here; the save sends it through the SQL gate
 * (one read-only statement, rendered with the template parameters) and re-reads its columns from what it returns.
 */
export function SourceTab({ source, draft, onChange }: { source: Source; draft: DatasetDraft; onChange: (patch: Partial<DatasetDraft>) => void }) {
  return (
    <Stack maw={960}>
      <Text size="sm">
        Database <b>{source.database.database_name}</b>
        {source.schema ? <> · schema <b>{source.schema}</b></> : null}
      </Text>
      {source.kind === "virtual" ? (
        <>
          <Textarea
            label="SQL"
            description="A single SELECT statement; Jinja templates may use the template parameters below"
            value={draft.sql}
            onChange={(e) => onChange({ sql: e.currentTarget.value })}
            autosize
            minRows={6}
            maxRows={24}
            spellCheck={false}
            styles={CODE_INPUT_STYLES}
            data-testid="dataset-sql"
          />
          <Textarea
            label="Template parameters"
            description='A JSON object, e.g. {"min_year": 2000}'
            value={draft.template_params}
            onChange={(e) => onChange({ template_params: e.currentTarget.value })}
            autosize
            minRows={2}
            spellCheck={false}
            styles={CODE_INPUT_STYLES}
          />
        </>
      ) : (
        <>
          <TextInput label="Table" value={source.table_name} readOnly styles={CODE_INPUT_STYLES} />
          <Alert variant="light" color="gray">
            A physical dataset reads its table directly. Use &quot;Sync columns from source&quot; on the Columns tab after the table changes.
          </Alert>
        </>
      )}
    </Stack>
  );
}
