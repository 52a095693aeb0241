// What the embedded page sends the host's observeDataMask callback (uiConfig emitDataMasks): the applied data
// mask, as Superset sends it, with whether its native filters and its cross-filters changed since the last one.
// Nothing is sent when neither changed (a store change elsewhere: a pending value, the bar collapsed).

export interface DataMaskSnapshot {
  native: string;
  cross: string;
}

export type DataMaskEvent = Record<string, unknown> & { crossFiltersChanged: boolean; nativeFiltersChanged: boolean };

export function dataMaskEvent(mask: Record<string, unknown>, crossFilterIds: ReadonlySet<string>, previous: DataMaskSnapshot | null): { event: DataMaskEvent; snapshot: DataMaskSnapshot } | null {
  const entries = Object.entries(mask).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const snapshot = {
    native: JSON.stringify(entries.filter(([id]) => !crossFilterIds.has(id))),
    cross: JSON.stringify(entries.filter(([id]) => crossFilterIds.has(id))),
  };
  const nativeFiltersChanged = previous === null || previous.native !== snapshot.native;
  const crossFiltersChanged = previous === null || previous.cross !== snapshot.cross;
  if (!nativeFiltersChanged && !crossFiltersChanged) return null;
  return { event: { ...mask, crossFiltersChanged, nativeFiltersChanged }, snapshot };
}
