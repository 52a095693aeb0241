/** The bubbles' colour when none is picked (Superset's world map default). */
export const DEFAULT_BUBBLE_COLOR = { r: 0, g: 122, b: 135, a: 1 };
