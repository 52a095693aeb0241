export * from "./security";
export * from "./datasources";
export * from "./charts-dashboards";
export * from "./sqllab";
export * from "./platform";
export * from "./reports";
export * from "./annotations";
export * from "./css-templates";
