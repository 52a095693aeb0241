import type { ChartType } from "../../contract";
import { buildTimeseriesQuery } from "./build-query";
import { genericDrawing, timeseriesControlPanel, type Variant } from "./control-panel";
import { transformTimeseries } from "./transform-props";
import { crossFilter } from "./cross-filter";

// One implementation, seven viz_types: only the control panel's few variant controls and the dataset style differ
// (the generic chart draws as the variant its "Series Style" names).

const TAGS = ["Aesthetic", "ECharts", "Predictive", "Advanced-Analytics", "Time", "Transformable"];

function timeseriesType(variant: Variant, name: string, description: string, tags: string[]): ChartType {
  return {
    metadata: { name, category: "Evolution", description, tags },
    controlPanel: timeseriesControlPanel(variant),
    buildQuery: buildTimeseriesQuery,
    transformProps: (input) => {
      if (variant !== "generic") return transformTimeseries(variant, input);
      const drawing = genericDrawing(input.formData);
      return transformTimeseries(drawing.variant, input, drawing.area);
    },
    crossFilter,
  };
}

export const timeseriesLine = timeseriesType("line", "Line Chart", "Line chart is used to visualize measurements taken over a given category. Line chart is a type of chart which displays information as a series of data points connected by straight line segments.", [...TAGS, "Line", "Popular", "Featured"]);
export const timeseriesSmooth = timeseriesType("smooth", "Smooth Line", "Smooth-line is a variation of the line chart. Without angles and hard edges, Smooth-line sometimes looks smarter and more professional.", [...TAGS, "Line"]);
export const timeseriesStep = timeseriesType("step", "Stepped Line", "Stepped-line graph (also called step chart) is a variation of line chart but with the line forming a series of steps between data points.", [...TAGS, "Line", "Stepped"]);
export const timeseriesScatter = timeseriesType("scatter", "Scatter Plot", "Scatter Plot has the horizontal axis in linear units, and the points are connected in order. It shows a statistical relationship between two variables.", [...TAGS, "Scatter", "Featured"]);
export const timeseriesArea = timeseriesType("area", "Area Chart", "Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.", [...TAGS, "Line", "Stacked", "Featured"]);
export const timeseriesBar = timeseriesType("bar", "Bar Chart", "Bar Charts are used to show metrics as a series of bars.", [...TAGS, "Bar", "Vertical", "Horizontal", "Stacked", "Popular", "Featured"]);
export const timeseriesGeneric = timeseriesType("generic", "Generic Chart", "Swiss army knife for visualizing data. Choose between step, line, scatter, and bar charts. This viz type has many customization options as well.", [...TAGS, "Line", "Bar", "Scatter", "Stepped", "Stacked"]);
