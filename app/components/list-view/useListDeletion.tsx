import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Trans, useTranslation } from "../../i18n/react";
import type { ApiCallResult } from "../api-call";
import { showToast } from "../toast-store";
import { ConfirmDeleteModal } from "./ConfirmDeleteModal";
import type { BulkSelection } from "./useBulkSelection";
import { useListTexts } from "./list-texts";

// Delete one row or the bulk selection of a list page, as Superset's ListView does: a typed-DELETE confirmation,
// a toast when done, the list reloaded; a failed delete keeps the dialog open with the reason (nothing is lost).

export function useListDeletion<T extends { id: number }>({ noun, label, deleteOne, deleteMany, selection }: {
  /** singular and plural, as the list names its rows ("chart", "charts") */
  noun: [string, string];
  label: (row: T) => string;
  deleteOne: (id: number) => Promise<ApiCallResult<unknown>>;
  deleteMany: (ids: number[]) => Promise<ApiCallResult<{ message: string }>>;
  selection: BulkSelection;
}) {
  const { t } = useTranslation();
  const texts = useListTexts(noun);
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState(false);

  const confirmOne = async (row: T) => {
    const res = await deleteOne(row.id);
    if (!res.ok) return t("There was an issue deleting {{name}}: {{message}}", { name: label(row), message: res.message });
    setDeleting(null);
    showToast("success", t("Deleted: {{name}}", { name: label(row) }));
    revalidator.revalidate();
    return null;
  };
  const confirmSelected = async () => {
    const res = await deleteMany(selection.selected);
    if (!res.ok) return texts.bulkDeleteFailed(res.message);
    setBulkDeleting(false);
    selection.setEnabled(false);
    showToast("success", res.body.message);
    revalidator.revalidate();
    return null;
  };

  const picked = selection.selected.length;
  const dialogs = (
    <>
      {deleting && (
        <ConfirmDeleteModal title={t("Please confirm")} onClose={() => setDeleting(null)} onConfirm={() => confirmOne(deleting)}
          description={<Trans i18nKey="Are you sure you want to delete <b>{{name}}</b>?" values={{ name: label(deleting) }} components={{ b: <b /> }} />} />
      )}
      {bulkDeleting && (
        <ConfirmDeleteModal title={t("Please confirm")} onClose={() => setBulkDeleting(false)} onConfirm={confirmSelected}
          description={texts.confirmBulkDelete(picked)} />
      )}
    </>
  );
  return { askDelete: setDeleting, askBulkDelete: () => setBulkDeleting(true), dialogs };
}
