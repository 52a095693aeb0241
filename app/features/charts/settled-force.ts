import type { Chart } from "chart.js";
import { ForceDirectedGraphController } from "chartjs-chart-graph";

// chartjs-chart-graph runs its d3-force simulation on a d3 timer and redraws the whole chart on every tick: about
// 300 redraws, one per frame for five seconds, for each force graph on a page (measured: 269 draws of one graph on
// a dashboard). This controller takes the plugin's controller's place and runs the ticks the model asks for
// (`simulation.initialIterations`, d3's full run of 300 by default) in short slices of idle time, drawing nothing,
// then draws the laid-out graph once. Nothing redraws it again but a new layout (new data) or the pointer
// (hover); the plugin has no node dragging. It registers under an id of its own: Chart.js registers a class's
// parent first and skips a second class of the same id, so it could not replace the plugin's controller. d3-force places nodes deterministically (phyllotaxis, seeded jiggle),
// so a chart draws the same picture each time.

/** The d3-force simulation the plugin keeps privately: only what is used here. */
interface Simulation { tick(iterations?: number): unknown; stop(): unknown; alpha(): number; alpha(a: number): unknown; alphaMin(): number }
type Internals = { _simulation: Simulation; _copyPosition(): void; chart: Chart };

/** Longest run of ticks in one task: a tick of a few hundred nodes takes well under a millisecond once compiled. */
const SLICE_MS = 5;
/** The ticks of a layout when the model names none: d3's own run, from alpha 1 down to alphaMin. */
const FULL_RUN = 300;

const later = (step: () => void) =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(step, { timeout: 500 }) : setTimeout(step, 0);

export class SettledForceDirectedGraphController extends ForceDirectedGraphController {
  /** Bumped by each new layout and by destroy, so a stale layout's remaining slices stop. */
  private layoutRun = 0;

  private get internals() {
    return this as unknown as Internals;
  }

  resyncLayout() {
    const options = this.options;
    const ticks = options.simulation.initialIterations > 0 ? options.simulation.initialIterations : FULL_RUN;
    // the plugin's own hand-over of nodes and links to the simulation, with neither ticks nor its timer
    // (the plugin's resyncLayout reads nothing of the options but these two)
    this.options = { simulation: { ...options.simulation, initialIterations: 0, autoRestart: false } };
    try {
      super.resyncLayout();
    } finally {
      this.options = options;
    }
    this.settle(ticks);
  }

  resetLayout() {
    // the plugin restarts its timer here (one redraw per tick): stopped before its first tick, laid out in slices
    super.resetLayout();
    this.settle(this.options.simulation.initialIterations > 0 ? this.options.simulation.initialIterations : FULL_RUN);
  }

  reLayout() {
    this.settle(FULL_RUN);
  }

  stopLayout() {
    this.layoutRun++;
    super.stopLayout();
  }

  _destroy() {
    this.layoutRun++;
    return super._destroy();
  }

  /** Runs up to `ticks` ticks from alpha 1 (fewer once the simulation cools below alphaMin), then draws once. */
  private settle(ticks: number) {
    const run = ++this.layoutRun;
    const { _simulation: sim } = this.internals;
    sim.stop();
    sim.alpha(1);
    let left = ticks;
    const step = () => {
      const chart = this.internals.chart;
      if (run !== this.layoutRun || !chart.canvas) return;
      const end = performance.now() + SLICE_MS;
      while (left > 0 && sim.alpha() >= sim.alphaMin() && performance.now() < end) {
        sim.tick();
        left--;
      }
      if (left > 0 && sim.alpha() >= sim.alphaMin()) return void later(step);
      this.internals._copyPosition();
      chart.update("none");
    };
    later(step);
  }
}

Object.defineProperty(SettledForceDirectedGraphController, "id", { value: "settledForceDirectedGraph" });
