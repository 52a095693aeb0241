import { useMemo, useState } from "react";
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "../../root";
import { apiCall } from "../../components/api-call";
import { showToast } from "../../components/toast-store";
import { zoneNames } from "../../../core/time-zone/zone";
import { localeOptions } from "./locales";

export interface ProfileUser {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  login_count: number;
  created_on: string | null;
  time_zone: string | null;
  locale: string | null;
}

/** The user's own info (as Superset's /user_info/) and the zone and locale they choose. */
export function ProfilePage({ user }: { user: ProfileUser }) {
  const root = useRouteLoaderData<RootData>("root");
  const revalidator = useRevalidator();
  const zones = useMemo(() => zoneNames(), []);
  const locales = useMemo(() => localeOptions(user.locale), [user.locale]);
  const [zone, setZone] = useState<string | null>(user.time_zone);
  const [locale, setLocale] = useState<string | null>(user.locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    const result = await apiCall<{ result: { time_zone: string | null; locale: string | null } }>("PUT", "/api/v1/me/", root?.csrfToken ?? null, { time_zone: zone, locale });
    setSaving(false);
    if (!result.ok) {
      const field = /locale/i.test(result.message) ? "locale" : "time_zone";
      setErrors({ [field]: result.message });
      return;
    }
    setErrors({});
    showToast("success", "Your profile was saved");
    revalidator.revalidate();
  }

  const rows: [string, React.ReactNode][] = [
    ["User name", user.username],
    ["First name", user.first_name],
    ["Last name", user.last_name],
    ["Email", user.email],
    ["Roles", <Group gap={4} key="roles">{user.roles.map((r) => <Badge key={r} variant="light">{r}</Badge>)}</Group>],
    ["Login count", user.login_count],
    ["Created on", user.created_on ?? ""],
  ];
  return (
    <Stack maw={720} gap="lg">
      <Title order={2}>Your profile</Title>
      <Paper withBorder p="md">
        <Table data-testid="profile-info">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}><Table.Th w={160}>{label}</Table.Th><Table.Td>{value}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>Time zone and language</Title>
          <Text size="sm" c="dimmed">Relative time ranges such as "Today" or "Last week" and the times charts show follow your time zone, unless a dashboard pins its own.</Text>
          <Select label="Time zone" data-testid="profile-time-zone" searchable clearable data={zones} value={zone} onChange={setZone}
            placeholder="Not set (UTC)" error={errors.time_zone} nothingFoundMessage="No such time zone" limit={400} />
          <Select label="Locale" data-testid="profile-locale" searchable clearable data={locales} value={locale} onChange={setLocale}
            placeholder="Not set (English)" error={errors.locale} nothingFoundMessage="No such locale" />
          <Group><Button onClick={save} loading={saving} data-testid="profile-save">Save</Button></Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
