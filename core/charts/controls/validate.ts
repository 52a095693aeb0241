import type { Control, ControlPanel, FormData, Validator } from "../contract";

// Superset's control validators with its messages: a value is checked only while its control is shown.

export const DEFAULT_SQL_MAX_ROW = 100000;

const isEmpty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

export function runValidator(validator: Validator, value: unknown, sqlMaxRow = DEFAULT_SQL_MAX_ROW): string | null {
  switch (validator.kind) {
    case "nonEmpty":
      return isEmpty(value) ? "cannot be empty" : null;
    case "integer":
      return !isEmpty(value) && !/^-?\d+$/.test(String(value).trim()) ? "is expected to be an integer" : null;
    case "number":
      return !isEmpty(value) && Number.isNaN(Number(value)) ? "is expected to be a number" : null;
    case "maxValue": {
      const max = validator.max ?? sqlMaxRow;
      return !isEmpty(value) && Number(value) > max ? `Value cannot exceed ${max}` : null;
    }
  }
}

export const allControls = (panel: ControlPanel): Control[] => panel.sections.flatMap((s) => s.controls);

/** The value a control holds: what form data says, else its default. */
export const controlValue = (control: Control, formData: FormData) => (control.name in formData ? formData[control.name] : control.default);

/** Messages per control name; a control with no problem is absent, so an empty object means valid. */
export function validateFormData(panel: ControlPanel, formData: FormData, options: { sqlMaxRow?: number } = {}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const control of allControls(panel)) {
    if (control.visibility && !control.visibility(formData)) continue;
    const value = controlValue(control, formData);
    const messages = (control.validators ?? []).map((v) => runValidator(v, value, options.sqlMaxRow)).filter((m): m is string => m !== null);
    if (messages.length) errors[control.name] = messages;
  }
  return errors;
}

/** Form data with every control's default filled in where the form data has no value. */
export function withDefaults(panel: ControlPanel, formData: FormData): FormData {
  const out: FormData = { ...formData };
  for (const control of allControls(panel)) if (!(control.name in out) && control.default !== undefined) out[control.name] = control.default;
  return out;
}
