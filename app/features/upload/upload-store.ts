import { proxy } from "valtio";

// Whether the upload dialog is open: the "+" menu and the Datasets list open the one dialog the shell renders.
export const uploadDialog = proxy({ open: false });

export const openUploadDialog = () => {
  uploadDialog.open = true;
};
