import type { CreateUserInput, Role } from '../../gql/types';
import { useState, type FormEvent } from 'react';

type Field = 'firstName' | 'lastName' | 'email' | 'role';
type Errors = Partial<Record<Field, string>>;

const EMPTY = { firstName: '', lastName: '', email: '' };
/** The new-user role defaults to Student (spec section 9). */
export const DEFAULT_ROLE: Role = 'STUDENT';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateNewUser(input: { firstName: string; lastName: string; email: string; role: string }): Errors {
  const errors: Errors = {};
  if (!input.firstName.trim()) errors.firstName = 'First name is required';
  if (!input.lastName.trim()) errors.lastName = 'Last name is required';
  if (!input.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = 'Please enter a valid email address';
  if (!input.role) errors.role = 'Role is required';
  return errors;
}

/** Create-user form state; `submit` gets trimmed input and says whether to reset. */
export function useCreateUserForm(submit: (input: CreateUserInput) => Promise<boolean>) {
  const [values, setValues] = useState<typeof EMPTY & { role: Role }>({ ...EMPTY, role: DEFAULT_ROLE });
  const [errors, setErrors] = useState<Errors>({});

  const setField = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewUser(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const ok = await submit({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      role: values.role,
    });
    if (ok) setValues({ ...EMPTY, role: DEFAULT_ROLE });
  };

  return { values, errors, setField, onSubmit };
}
