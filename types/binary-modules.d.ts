// Binary modules the render Worker imports (wrangler.render.toml's rules): the rasteriser's WebAssembly and the
// embedded font files, named exactly (vite's client types claim "*.ttf" as a URL string).
declare module "@resvg/resvg-wasm/index_bg.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf" {
  const data: ArrayBuffer;
  export default data;
}
declare module "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf" {
  const data: ArrayBuffer;
  export default data;
}
