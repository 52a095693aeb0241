import type { TFunction } from "../../../core/i18n/translate";
import { useTranslation } from "../../i18n/react";

// The sentences of a list page that name its rows ("3 dashboards", "1 chart selected", "No charts yet"). They are
// whole sentences per noun, not "{{count}} {{noun}}": German and Spanish inflect around the noun (gender,
// agreement: "3 gráficos seleccionados" but "3 bases de datos seleccionadas"). A list whose noun has no entry here
// yet is one of the pages not translated so far and keeps its English sentences.

export interface ListTexts {
  count: (n: number) => string;
  selected: (n: number) => string;
  empty: string;
  confirmBulkDelete: (n: number) => string;
  bulkDeleteFailed: (message: string) => string;
}

function translated(noun: string, t: TFunction): ListTexts | null {
  switch (noun) {
    case "dashboards":
      return {
        count: (n) => t("{{count}} dashboards", { count: n }),
        selected: (n) => t("{{count}} dashboards selected", { count: n }),
        empty: t("No dashboards yet"),
        confirmBulkDelete: (n) => t("Are you sure you want to delete the {{count}} selected dashboards?", { count: n }),
        bulkDeleteFailed: (message) => t("There was an issue deleting the selected dashboards: {{message}}", { message }),
      };
    case "charts":
      return {
        count: (n) => t("{{count}} charts", { count: n }),
        selected: (n) => t("{{count}} charts selected", { count: n }),
        empty: t("No charts yet"),
        confirmBulkDelete: (n) => t("Are you sure you want to delete the {{count}} selected charts?", { count: n }),
        bulkDeleteFailed: (message) => t("There was an issue deleting the selected charts: {{message}}", { message }),
      };
    case "datasets":
      return {
        count: (n) => t("{{count}} datasets", { count: n }),
        selected: (n) => t("{{count}} datasets selected", { count: n }),
        empty: t("No datasets yet"),
        confirmBulkDelete: (n) => t("Are you sure you want to delete the {{count}} selected datasets?", { count: n }),
        bulkDeleteFailed: (message) => t("There was an issue deleting the selected datasets: {{message}}", { message }),
      };
    default:
      return null;
  }
}

function english([one, many]: [string, string]): ListTexts {
  return {
    count: (n) => (n === 1 ? `1 ${one}` : `${n} ${many}`),
    selected: (n) => (n === 1 ? `1 ${one} selected` : `${n} ${many} selected`),
    empty: `No ${many} yet`,
    confirmBulkDelete: (n) => `Are you sure you want to delete the ${n === 1 ? `selected ${one}` : `${n} selected ${many}`}?`,
    bulkDeleteFailed: (message) => `There was an issue deleting the selected ${many}: ${message}`,
  };
}

export function useListTexts(noun: [string, string]): ListTexts {
  const { t } = useTranslation();
  return translated(noun[1], t) ?? english(noun);
}
