import { Menu, UnstyledButton, Group } from "@mantine/core";
import { useRevalidator } from "@remix-run/react";
import { IconCheck, IconChevronDown, IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "./react";
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../core/i18n/languages";
import { apiCall } from "../components/api-call";
import { showToast } from "../components/toast-store";

/**
 * Superset's language picker in the top bar: each language named in itself. A signed-in user's choice is saved
 * as their profile's locale (PUT /api/v1/me/), a signed-out visitor's in a cookie; then the root loader runs again
 * and answers the page's new language and catalog, and the page re-renders in it without a reload.
 */
export function LanguageMenu({ signedIn, csrfToken }: { signedIn: boolean; csrfToken: string | null }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = i18n.language as Language;

  async function choose(language: Language) {
    if (language === current) return;
    if (signedIn) {
      const result = await apiCall("PUT", "/api/v1/me/", csrfToken, { locale: language });
      if (!result.ok) {
        showToast("danger", t("Could not change the language: {{message}}", { message: result.message }));
        return;
      }
    } else {
      document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
    revalidator.revalidate();
  }

  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <UnstyledButton data-testid="language-menu" aria-label={t("Language")}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconLanguage size={18} aria-hidden />
            {LANGUAGE_NAMES[current] ?? current}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item key={language} lang={language} data-testid={`language-${language}`} onClick={() => void choose(language)}
            rightSection={language === current ? <IconCheck size={14} aria-label={t("Current language")} /> : null}>
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
