// Monaco 0.57's ESM entry points that ship without declarations (see DESIGN.md, bundled Monaco).
declare module "monaco-editor/languages/definitions/sql/sql" {
  export const language: { keywords: string[]; builtinFunctions: string[]; operators: string[] };
}
declare module "monaco-editor/editor/editor.worker?worker" {
  const EditorWorker: new () => Worker;
  export default EditorWorker;
}
