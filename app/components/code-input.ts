// Monospace inputs for SQL. Mantine sizes an input's line box to its height, and some monospace fonts'
// descenders then fall outside the painted line, so underscores in column names vanished. A normal line
// height with the padding making up the height keeps every glyph inside.
export const CODE_INPUT_STYLES = {
  input: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace", lineHeight: 1.5 },
} as const;
