import type { MantineColorSchemeManager } from "@mantine/core";
import { colorSchemeChoice, colorSchemeCookie, colorSchemeOf } from "../../core/ui/color-scheme";

/**
 * Mantine's colour scheme kept in a cookie (core/ui/color-scheme.ts says why): the root loader reads the same
 * cookie, so the server's HTML and the client's first render agree. On the server there is no document: the
 * default Mantine passes in, which is the loader's value, is the answer.
 */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => (typeof document === "undefined" ? defaultValue : colorSchemeOf(document.cookie)),
    set: (value) => {
      document.cookie = colorSchemeCookie(value);
      // another tab of the site follows through the storage event below
      try {
        window.localStorage.setItem(SYNC_KEY, value);
      } catch {
        // storage may be denied (a third-party frame): the cookie is what counts
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        const scheme = event.key === SYNC_KEY ? colorSchemeChoice(event.newValue) : null;
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener("storage", listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener("storage", listener);
      listener = null;
    },
    clear: () => {
      document.cookie = colorSchemeCookie("auto");
    },
  };
}

const SYNC_KEY = "color-scheme-sync";
