import { Stack, TextInput } from "@mantine/core";
import { badAddresses } from "../../../../core/reports/form";
import type { FieldProps } from "./field-props";

/** Email recipients: to, cc and bcc, each a list of addresses separated by commas. */
export function RecipientFields({ form, set, errors }: FieldProps) {
  const problem = (text: string) => {
    const bad = badAddresses(text);
    return bad.length ? `Not an email address: ${bad.join(", ")}` : undefined;
  };
  return (
    <Stack gap="xs">
      <TextInput label="Email recipients" required placeholder="a@example.com, b@example.com" value={form.to} data-testid="report-to"
        error={errors.recipients ?? problem(form.to)} onChange={(e) => set({ to: e.currentTarget.value })} />
      <TextInput label="CC recipients" value={form.cc} error={problem(form.cc)} data-testid="report-cc" onChange={(e) => set({ cc: e.currentTarget.value })} />
      <TextInput label="BCC recipients" value={form.bcc} error={problem(form.bcc)} data-testid="report-bcc" onChange={(e) => set({ bcc: e.currentTarget.value })} />
    </Stack>
  );
}
