import { DatePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";

// The calendar of the time range picker's "Specific Date/Time" (Superset's DatePicker). Loaded only when a
// user opens it, so @mantine/dates and its styles stay off Explore's first load. Dates are Mantine 8's
// "YYYY-MM-DD" strings; a time the text already holds is kept.

export default function CalendarPicker({ datetime, onPick }: { datetime: string; onPick: (datetime: string) => void }) {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(datetime)?.[0] ?? null;
  const time = /T\d{2}:\d{2}(:\d{2})?$/.exec(datetime)?.[0] ?? "T00:00:00";
  return (
    <DatePicker
      value={day}
      defaultDate={day ?? undefined}
      onChange={(value) => value && onPick(`${value.slice(0, 10)}${time}`)}
      size="xs"
      data-testid="calendar"
    />
  );
}
