// A run's failure whose message is for the report's owners (it goes into the execution log as is).
export class ReportError extends Error {}
