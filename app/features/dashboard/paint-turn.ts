import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

// Charts of a dashboard draw one at a time, each in a task of its own (issue 11: no long task over 200 ms while
// 24 charts arrive from the cache; issue 12: a filter apply's 14 answers arrive in one stream chunk). A chart's
// turn is granted only once the code it draws with is loaded (`prepare`: Chart.js and its plugins), and lasts until
// the chart says it has drawn (Chart.js builds the chart in an effect after React's commit), so a turn is the whole
// draw: granting turns by timer alone let every chart waiting on the same lazy chunk draw in the one task in which
// that chunk arrived (1.5 s tasks in the profile of bench/dashboard-profile.mjs).

interface Turn {
  ready: boolean;
  grant: () => void;
}

/** A chart that never says it drew (an error, a lost effect) gives the turn back after this long. */
const MAX_HOLD_MS = 1000;

const queue: Turn[] = [];
let holder: Turn | null = null;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let posted = false;

// a message posts a task without setTimeout's clamping of nested timers to 4 ms
const channel = typeof MessageChannel === "undefined" ? null : new MessageChannel();
const post = (fn: () => void) => {
  if (!channel) return void setTimeout(fn, 0);
  channel.port1.onmessage = fn;
  channel.port2.postMessage(null);
};

function schedule() {
  if (posted || holder) return;
  posted = true;
  post(pump);
}

/**
 * Turns granted in one task while it has run for less than this; then the browser gets the thread back. Each task
 * that draws is followed by a frame (style, layout, paint and the compositor's commit of the new canvases), which
 * costs the main thread about as much as drawing one chart does: at 16 ms nearly every chart had a frame of its
 * own, at 50 ms two or three charts share one, and a task still ends well under the 200 ms of issue 11.
 */
const SLICE_MS = 50;

function pump() {
  posted = false;
  const start = performance.now();
  while (!holder && performance.now() - start < SLICE_MS) {
    const i = queue.findIndex((t) => t.ready);
    if (i < 0) return;
    const [turn] = queue.splice(i, 1);
    holder = turn;
    holdTimer = setTimeout(() => release(turn), MAX_HOLD_MS);
    // a chart whose code is loaded draws inside grant() (flushSync) and releases the turn before it returns,
    // so cheap charts share a task; one that cannot (its React render suspended) keeps the turn until drawn
    turn.grant();
  }
  if (!holder) schedule();
}

function release(turn: Turn) {
  const i = queue.indexOf(turn);
  if (i >= 0) queue.splice(i, 1);
  if (holder !== turn) return;
  clearTimeout(holdTimer);
  holder = null;
  schedule();
}

/**
 * The value this chart may show: `wanted` (a chart model) once its turn came, the last granted value until then
 * (a chart being re-queried keeps its drawing). Call `drawn()` once the granted value is on screen; the next
 * chart's turn comes in a task of its own after that.
 */
export function useDrawTurn<T>(wanted: T | null, prepare: (value: T) => Promise<unknown>): { shown: T | null; drawn: () => void } {
  const [shown, setShown] = useState<T | null>(null);
  const queued = useRef<Turn | null>(null);
  const granted = useRef<Turn | null>(null);
  useEffect(() => {
    if (wanted === null || wanted === shown) return;
    let live = true;
    const turn: Turn = {
      ready: false,
      grant: () => {
        if (!live) return release(turn);
        granted.current = turn;
        // rendered, committed and its effects run (Chart.js builds the chart) before this returns
        flushSync(() => setShown(wanted));
      },
    };
    queued.current = turn;
    queue.push(turn);
    const ready = () => {
      turn.ready = true;
      schedule();
    };
    prepare(wanted).then(ready, ready); // a failed load draws (and shows its error) in turn too
    return () => {
      live = false;
      // a newer value takes this one's place in the queue; a granted turn lasts until drawn
      if (holder !== turn) release(turn);
    };
  }, [wanted]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => {
    for (const t of [queued.current, granted.current]) if (t) release(t);
  }, []);
  const drawn = useCallback(() => {
    if (granted.current) release(granted.current);
  }, []);
  return { shown, drawn };
}
