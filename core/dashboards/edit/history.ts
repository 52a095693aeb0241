import { UNDO_LIMIT } from "./components";

// Undo and redo of the edit mode (Superset's redux-undo over the layout): past, present and future, at most
// UNDO_LIMIT + 2 states counting the present. When the oldest step has to be dropped the history
// remembers it, so the dashboard stays "changed" even after every remaining step is undone.

export const HISTORY_LIMIT = UNDO_LIMIT + 2;
export const MAX_UNDO_MESSAGE =
  `You have used all ${UNDO_LIMIT} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** a step fell off the start of the history */
  exceeded: boolean;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], exceeded: false });

/** Records a new present; the same value (an operation that changed nothing) records nothing. */
export function record<T>(h: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, h.present)) return h;
  const past = [...h.past, h.present];
  const overflow = Math.max(0, past.length - (limit - 1));
  return { past: past.slice(overflow), present: next, future: [], exceeded: h.exceeded || overflow > 0 };
}

export function undo<T>(h: History<T>): History<T> {
  if (!h.past.length) return h;
  return { ...h, past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (!h.future.length) return h;
  return { ...h, past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

/** Superset's hasUnsavedChanges after undo: cleared only when nothing is left to undo and nothing fell off. */
export const hasChanges = <T>(h: History<T>): boolean => h.past.length > 0 || h.exceeded;
