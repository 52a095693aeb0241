import { expect, test } from "vitest";
import { annotationLayerProblem, newAnnotationLayer, withAnnotationType } from "./annotation-layer-edit";

test("a new layer has Superset's defaults; changing its type resets source and value", () => {
  expect(newAnnotationLayer()).toMatchObject({ annotationType: "FORMULA", sourceType: "", value: "", show: true, style: "solid", width: 1, overrides: { time_range: null } });
  const event = withAnnotationType({ ...newAnnotationLayer(), name: "Launches", value: "x*2" }, "EVENT");
  expect(event).toMatchObject({ name: "Launches", annotationType: "EVENT", sourceType: "NATIVE", value: null });
});

test("what keeps a layer from being applied", () => {
  const formula = { ...newAnnotationLayer(), name: "Trend" };
  expect(annotationLayerProblem({ ...formula, name: " " }, [])).toBe("Name is required");
  expect(annotationLayerProblem(formula, ["Trend"])).toBe("Another layer has this name");
  expect(annotationLayerProblem(formula, [])).toBe("Formula is required");
  expect(annotationLayerProblem({ ...formula, value: "2*x+(" }, [])).toBe("Bad formula.");
  expect(annotationLayerProblem({ ...formula, value: "x/1000000 + 5" }, [])).toBeNull();
  const event = withAnnotationType(formula, "EVENT");
  expect(annotationLayerProblem(event, [])).toBe("Choose an annotation layer");
  expect(annotationLayerProblem({ ...event, value: 3 }, [])).toBeNull();
});
