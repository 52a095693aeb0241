import { Chart as ChartJS, registerables, type ChartType as ChartJsType } from "chart.js";
import { Chart } from "react-chartjs-2";
import type { ChartJsModel } from "../../../core/charts/contract";

// Loaded only when a Chart.js model is drawn (ChartView imports this module lazily), so chart.js stays out of
// pages that draw no chart. The built-in controllers, elements, scales and plugins are registered once.
ChartJS.register(...registerables);

export default function ChartJsCanvas({ model, height }: { model: ChartJsModel; height: number }) {
  return (
    <div style={{ position: "relative", height }} data-testid="chartjs-chart">
      <Chart type={model.type as ChartJsType} data={model.data as never} options={model.options as never} />
    </div>
  );
}
