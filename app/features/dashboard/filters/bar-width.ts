// The vertical filter bar's widths, in a file of their own: the embedded page lays out its grid width from them
// before it loads the bar's component code.

/** the open bar */
export const BAR_WIDTH = 260;
/** the thin strip of a collapsed bar */
export const BAR_COLLAPSED_WIDTH = 32;
