// The locale picker's choices: tags Intl has data for, named in their own language by Intl.DisplayNames. The
// server checks any tag on its own (core/time-zone/preferences.ts); this is only the list offered.
const COMMON = ["en-US", "en-GB", "de-DE", "es-ES", "fr-FR", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU", "tr-TR", "uk-UA", "ja-JP", "ko-KR", "zh-CN", "zh-TW", "hi-IN", "ar-SA", "sv-SE", "da-DK", "fi-FI", "nb-NO", "cs-CZ"];

export function localeOptions(current: string | null): { value: string; label: string }[] {
  const tags = [...new Set([...(current ? [current] : []), ...COMMON])];
  return tags.map((tag) => {
    let name = tag;
    try {
      name = new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
    } catch {
      // a tag DisplayNames cannot name is shown as itself
    }
    return { value: tag, label: `${name} (${tag})` };
  });
}
