import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { safeNextPath } from "../../core/security/redirect";

export const meta: MetaFunction = () => [{ title: "Sign in · Edge Superset" }];

const MESSAGES: Record<string, string> = {
  invalid: "Invalid login. Please try again.",
  origin: "This sign-in form was sent from another site and was refused.",
  throttled: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next") ?? "/", url.origin);
  if (context.principal) throw redirect(next);
  const error = url.searchParams.get("error");
  return { next, error: error ? (MESSAGES[error] ?? MESSAGES.invalid) : null };
}

/** The form posts to the Worker's POST /login/, which sets the session cookie and redirects. */
export default function Login() {
  const { next, error } = useLoaderData<typeof loader>();
  return (
    <Center h="100vh">
      <Paper withBorder shadow="sm" p="xl" w={360}>
        <form method="post" action="/login/">
          <Stack>
            <Title order={3}>Sign in</Title>
            {error && (
              <Alert color="red" data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextInput name="username" label="Username" required autoComplete="username" autoFocus />
            <PasswordInput name="password" label="Password" required autoComplete="current-password" />
            <input type="hidden" name="next" value={next} />
            <Button type="submit">Sign in</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
