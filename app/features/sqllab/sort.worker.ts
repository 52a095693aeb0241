import { newCollator, textOrder, type SortDirection } from "./result-grid-model";

// The results grid's text sorts, off the page's main thread: a 100,000-row sort by a text column takes a few
// hundred milliseconds of collation, which on the main thread would freeze scrolling and typing meanwhile.

const collator = newCollator();

self.onmessage = (e: MessageEvent<{ id: number; texts: (string | null)[]; direction: SortDirection }>) => {
  const order = textOrder(e.data.texts, e.data.direction, collator.compare);
  (self as unknown as Worker).postMessage({ id: e.data.id, order }, [order.buffer]);
};
