// What an error page says (app/components/ErrorPage.tsx). Remix's own texts ("Error: No route matches URL …")
// are for developers; a user gets a title, a sentence and a way home. Messages our loaders throw on purpose
// ("Dataset not found") are kept.

export interface ErrorPageText {
  status: number | null;
  title: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Please sign in",
  403: "Access denied",
  404: "Page not found",
  405: "Not allowed here",
};

/** Remix's and the platform's developer texts start like this; they are never shown. */
const DEVELOPER_TEXT = /^(Error:|TypeError|ReferenceError|SyntaxError|No route matches|You made a \w+ request)/;

export function errorPageText(error: { status: number; data: unknown } | null, path: string): ErrorPageText {
  if (!error) return { status: null, title: "Something went wrong", message: "This page could not be shown. Try again, or go back to the home page." };
  const { status } = error;
  const data = typeof error.data === "string" ? error.data.trim() : "";
  const ownMessage = data && data.length <= 300 && !DEVELOPER_TEXT.test(data) ? data : null;
  const title = TITLES[status] ?? (status >= 500 ? "Something went wrong" : `Error ${status}`);
  if (ownMessage) return { status, title, message: ownMessage };
  if (status === 404) return { status, title, message: `There is no page at ${path}. It may have moved, or the link may be wrong.` };
  if (status === 403) return { status, title, message: "You do not have access to this page. Ask an admin for access." };
  if (status >= 500) return { status, title, message: "This page could not be shown. Try again, or go back to the home page." };
  return { status, title, message: "This page could not be shown." };
}
