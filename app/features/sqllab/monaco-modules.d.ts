// Monaco 0.57's ESM entry points that ship without declarations: Monaco is bundled with the app, not loaded from a CDN.
declare module "monaco-editor/languages/definitions/sql/sql" {
  export const language: { keywords: string[]; builtinFunctions: string[]; operators: string[] };
}
declare module "monaco-editor/editor/editor.worker?worker" {
  const EditorWorker: new () => Worker;
  export default EditorWorker;
}
