import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSession } from '../../lib/session';

interface LoginFields {
  email: string;
  password: string;
  rememberMe: boolean;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Login form state and validation (spec section 5); the session does the sign-in. */
export function useLoginForm() {
  const session = useSession();
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '', rememberMe: false });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const onTextChange = (name: 'email' | 'password') => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [name]: event.target.value }));
    // A field error clears when the user edits the field; any session error clears on typing.
    setFieldErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    session.clearError();
  };

  const onRememberChange = (event: ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, rememberMe: event.target.checked }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!fields.email.trim()) errors.email = 'Email is required';
    if (!fields.password) errors.password = 'Password is required';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setSubmitting(true);
    await session.login({ email: fields.email.trim(), password: fields.password, rememberMe: fields.rememberMe });
    setSubmitting(false);
  };

  return { fields, fieldErrors, submitting, error: session.error, onTextChange, onRememberChange, onSubmit };
}
