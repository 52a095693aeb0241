// A sparkline's polyline in a box (the time-series table's cells, in the browser and in server drawings alike):
// values oldest first spread across the width, the smallest at the bottom; a null breaks the line.

export function sparklineSegments(values: (number | null)[], width: number, height: number, pad = 2): [number, number][][] {
  const numbers = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (!numbers.length) return [];
  const min = Math.min(...numbers);
  const span = Math.max(...numbers) - min;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (v: number) => (span === 0 ? height / 2 : pad + (1 - (v - min) / span) * (height - 2 * pad));
  const segments: [number, number][][] = [];
  let current: [number, number][] = [];
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push([values.length > 1 ? pad + i * step : width / 2, y(v)]);
  });
  if (current.length) segments.push(current);
  return segments;
}
