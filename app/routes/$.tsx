// Every address no other route claims. Its loader answers 404 so the root loader (menus, user) still runs and
// the root error boundary draws the 404 inside the app shell; without this route Remix skips every loader.
export function loader(): never {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
