import { useEffect, useState } from "react";

// Charts of a dashboard take turns to draw, one per task: 24 charts whose data arrived together (embedded in
// the page, or answered from the cache at once) would otherwise all build their Chart.js models in one React
// commit, a main-thread task of seconds (issue 11: no long task over 200 ms while cached charts paint).

const waiting: (() => void)[] = [];
let scheduled = false;

function grantNext() {
  const grant = waiting.shift();
  if (!grant) {
    scheduled = false;
    return;
  }
  grant();
  // the next turn comes after this chart's render, which React runs in a task of its own
  setTimeout(grantNext, 0);
}

function requestTurn(grant: () => void): () => void {
  waiting.push(grant);
  if (!scheduled) {
    scheduled = true;
    setTimeout(grantNext, 0);
  }
  return () => {
    const i = waiting.indexOf(grant);
    if (i >= 0) waiting.splice(i, 1);
  };
}

/** True once this chart may draw: asked for when `wanted` turns true, granted in turn; stays true. */
export function usePaintTurn(wanted: boolean): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (!wanted || turn) return;
    return requestTurn(() => setTurn(true));
  }, [wanted, turn]);
  return turn;
}
