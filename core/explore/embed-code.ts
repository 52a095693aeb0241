// Superset's embed code of a chart: an iframe of its permalink, standalone (the chart alone) at the given size.

export function embedCode(permalink: string, width: number, height: number): string {
  const src = `${permalink}${permalink.includes("?") ? "&" : "?"}standalone=1&height=${height}`;
  return `<iframe\n  width="${width}"\n  height="${height}"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="${src.replace(/"/g, "&quot;")}"\n>\n</iframe>`;
}
