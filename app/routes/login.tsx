import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "../i18n/react";
import { LanguageMenu } from "../i18n/LanguageMenu";
import { safeNextPath } from "../../core/security/redirect";

// the tab's title stays English: meta runs outside the React tree, where the page's translation is not
export const meta: MetaFunction = () => [{ title: "Sign in · Edge Superset" }];

// the loader names the error; the page says it in the visitor's language
const MESSAGES: Record<string, "invalid" | "origin" | "throttled"> = { invalid: "invalid", origin: "origin", throttled: "throttled" };

export async function loader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next") ?? "/", url.origin);
  if (context.principal) throw redirect(next);
  const error = url.searchParams.get("error");
  return { next, error: error ? (MESSAGES[error] ?? "invalid") : null };
}

/** The form posts to the Worker's POST /login/, which sets the session cookie and redirects. */
export default function Login() {
  const { next, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const errorText = {
    invalid: t("Invalid login. Please try again."),
    origin: t("This sign-in form was sent from another site and was refused."),
    throttled: t("Too many failed sign-in attempts. Please wait a few minutes and try again."),
  };
  return (
    <Center h="100vh" pos="relative">
      {/* signed out, the choice is kept in a cookie until sign-in */}
      <Box pos="absolute" top={12} right={16}><LanguageMenu signedIn={false} csrfToken={null} /></Box>
      <Paper withBorder shadow="sm" p="xl" w={360}>
        <form method="post" action="/login/">
          <Stack>
            <Title order={3}>{t("Sign in")}</Title>
            {error && (
              <Alert color="red" data-testid="login-error">
                {errorText[error]}
              </Alert>
            )}
            <TextInput name="username" label={t("Username")} required autoComplete="username" autoFocus />
            <PasswordInput name="password" label={t("Password")} required autoComplete="current-password" />
            <input type="hidden" name="next" value={next} />
            <Button type="submit">{t("Sign in")}</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
