import SortWorker from "./sort.worker?worker";
import type { SortDirection } from "./result-grid-model";

// One sort worker for the page, started on the first large text sort; answers are matched to requests by id.

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (order: Uint32Array) => void; reject: (err: Error) => void }>();

function sortWorker(): Worker {
  if (worker) return worker;
  const w = new SortWorker();
  w.onmessage = (e: MessageEvent<{ id: number; order: Uint32Array }>) => {
    waiting.get(e.data.id)?.resolve(e.data.order);
    waiting.delete(e.data.id);
  };
  w.onerror = () => {
    // a worker that cannot start or crashed: every waiting sort falls back to the main thread
    for (const w2 of waiting.values()) w2.reject(new Error("sort worker failed"));
    waiting.clear();
    worker = null;
  };
  return (worker = w);
}

export function sortTextsOffThread(texts: (string | null)[], direction: SortDirection): Promise<Uint32Array> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    sortWorker().postMessage({ id, texts, direction });
  });
}
