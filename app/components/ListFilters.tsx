import { Button, Group, Pagination, Text } from "@mantine/core";
import { Form, useSearchParams } from "@remix-run/react";

// The older filter form and result count, still used by the dashboard list; every other list page uses
// components/list-view/ListView. Filters live in the URL, so a list can be linked, reloaded and navigated back to.

interface FilterFormProps {
  /** remounts the form when the URL's filters change, so inputs show what is applied */
  formKey: string;
  submitLabel?: string;
  /** whether any filter is applied (shows "Clear") */
  active: boolean;
  children: React.ReactNode;
}

export function FilterForm({ formKey, submitLabel = "Search", active, children }: FilterFormProps) {
  const [, setSearchParams] = useSearchParams();
  return (
    <Form method="get" key={formKey}>
      <Group align="end">
        {children}
        <Button type="submit" variant="default">
          {submitLabel}
        </Button>
        {active && (
          <Button variant="subtle" onClick={() => setSearchParams({})}>
            Clear
          </Button>
        )}
      </Group>
    </Form>
  );
}

export function ResultCount({ count, singular, plural, testId }: { count: number; singular: string; plural: string; testId: string }) {
  return (
    <Text c="dimmed" size="sm" data-testid={testId}>
      {count === 1 ? `1 ${singular}` : `${count} ${plural}`}
    </Text>
  );
}

/** Page links that set ?page= in the URL, keeping the other filters; nothing when one page holds everything. */
export function UrlPagination({ pages, page }: { pages: number; page: number }) {
  const [, setSearchParams] = useSearchParams();
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={(next) =>
        setSearchParams((params) => {
          params.set("page", String(next));
          return params;
        })
      }
    />
  );
}
