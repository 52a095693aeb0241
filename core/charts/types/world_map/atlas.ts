import { geoCentroid } from "d3-geo";
import { feature } from "topojson-client";
import type { Topology } from "topojson-specification";
import type { ChartJsModel } from "../../contract";
import { MISSING_COLOR } from ".";

// Joins world-atlas's country shapes into a world_map model, where the map is drawn: every country of the atlas
// becomes a choropleth item (those without a value in the missing colour) and each bubble is placed on the centroid
// of its country. Countries too small for the atlas (Singapore at 1:110m) have no shape and are left out.

type Feature = { id?: string | number; properties: { name?: string } | null; geometry: unknown };

const shapesOf = new WeakMap<Topology, { shapes: Feature[]; byId: Map<string, Feature> }>();

/**
 * The atlas's countries as GeoJSON features, converted once per topology: the conversion was a good part of the
 * world map's draw (a dashboard's longest task), and every redraw (a filter, a resize, a refresh) repeated it.
 * The shapes are shared, never changed: drawing only reads them.
 */
export function worldShapes(topology: Topology): { shapes: Feature[]; byId: Map<string, Feature> } {
  let known = shapesOf.get(topology);
  if (!known) {
    const shapes = (feature(topology, topology.objects.countries) as unknown as { features: Feature[] }).features;
    known = { shapes, byId: new Map(shapes.map((f) => [String(f.id), f])) };
    shapesOf.set(topology, known);
  }
  return known;
}

const centroids = new WeakMap<Feature, [number, number]>();
/** A country's centroid, computed once per shape (the shapes are the atlas's, converted once). */
function centroidOf(shape: Feature): [number, number] {
  let c = centroids.get(shape);
  if (!c) centroids.set(shape, (c = geoCentroid(shape as never)));
  return c;
}

export function attachWorldFeatures(model: ChartJsModel, topology: Topology): ChartJsModel {
  const { shapes, byId } = worldShapes(topology);
  const datasets = model.data.datasets.map((ds) => {
    if (!ds.worldCountries) return ds;
    const items = ds.data as { id: string; name: string; value: number | null }[];
    if (ds.type === "bubbleMap") {
      const data = items.flatMap((item) => {
        const shape = byId.get(item.id);
        if (!shape) return [];
        const [longitude, latitude] = centroidOf(shape);
        return [{ ...item, longitude, latitude }];
      });
      return { ...ds, data };
    }
    const valueOf = new Map(items.map((item) => [item.id, item]));
    const data = shapes.map((shape) => ({ name: shape.properties?.name ?? "", value: null, color: MISSING_COLOR, ...valueOf.get(String(shape.id)), feature: shape }));
    return { ...ds, data };
  });
  const main = datasets.find((ds) => ds.worldCountries && ds.type !== "bubbleMap");
  const labels = (main?.data as { name: string }[] | undefined)?.map((d) => d.name) ?? [];
  return { ...model, data: { labels, datasets } };
}
