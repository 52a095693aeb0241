import { expect, type Page } from "@playwright/test";

// Setting up journeys through the API with the page's session: the CSRF token writes need, and a create (POST)
// that must answer 201.

export async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

export async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}
