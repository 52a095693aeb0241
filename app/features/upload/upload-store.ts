import { proxy } from "valtio";

// Whether the upload dialog is open and for which file type: the "+" menu and the Datasets list open the one
// dialog the shell renders.
export type UploadType = "csv" | "excel" | "columnar";

export const uploadDialog = proxy({ open: false, type: "csv" as UploadType });

export const openUploadDialog = (type: UploadType = "csv") => {
  uploadDialog.type = type;
  uploadDialog.open = true;
};
