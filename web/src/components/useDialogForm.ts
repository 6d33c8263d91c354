import { useState, type ChangeEvent } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

type StringKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * The state behind a FormDialog: the values, a message per field, and the save. A failed save keeps the
 * dialog open with the call's message at its top; a successful one closes it. Spread `dialog` into FormDialog.
 */
export function useDialogForm<V extends object>(initial: V | (() => V), onClose: () => void) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** Sets one value and clears that field's message: the user is fixing it. */
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** Replaces all values and clears every message, for the forms whose messages go with any edit. */
  const replace = (next: V) => {
    setValues(next);
    setErrors({});
  };

  /** Shows what `check` finds; true when it found nothing. */
  const validate = (check: (values: V) => FieldErrors<V>): boolean => {
    const found = check(values);
    setErrors(found);
    return !Object.values(found).some(Boolean);
  };

  /** `send` resolves to the failure's text, or null when it worked. */
  const save = async (send: (values: V) => Promise<string | null>) => {
    setSaving(true);
    const failed = await send(values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  /** A FormDialog's `onSubmit` for the usual case: check the values, then save them. */
  const submitWith = (check: (values: V) => FieldErrors<V>, send: (values: V) => Promise<string | null>) => () => {
    if (validate(check)) void save(send);
  };

  /** Binds an MUI TextField to a string value: value, change, and the field's message under it. */
  const text = <K extends StringKey<V>>(key: K) => ({
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value as V[K]),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  return {
    values,
    errors,
    set,
    replace,
    save,
    submitWith,
    setError,
    text,
    dialog: { onClose, submitting: saving, error },
  };
}
