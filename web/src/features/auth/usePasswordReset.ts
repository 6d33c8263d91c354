import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { useForgotPasswordMutation, useResetPasswordMutation } from './auth.generated';
import { ROUTES } from '@lms/routes';

export const MIN_PASSWORD_LENGTH = 6;
export const RESET_REDIRECT_MS = 3000;
export const FORGOT_SUCCESS_TEXT = 'If an account with that email exists, we have sent a password reset link';
export const RESET_SUCCESS_TEXT = 'Your password has been reset successfully. Redirecting to login...';

/** /forgot-password: email required, then the (non-revealing) success text. */
export function useForgotPassword() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [forgotPassword, { loading }] = useForgotPasswordMutation();

  const onEmailChange = (value: string) => {
    setEmail(value);
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    try {
      await forgotPassword({ variables: { input: { email: email.trim() } } });
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong'));
    }
  };

  return { email, error, sent, loading, onEmailChange, onSubmit };
}

/** /reset-password/:token: both checks run before sending; on success go to /login after 3 s. */
export function useResetPassword(token: string) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [resetPassword, { loading }] = useResetPasswordMutation();

  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => navigate(ROUTES.login), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    setError(null);
    try {
      await resetPassword({ variables: { input: { token, password } } });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong'));
    }
  };

  const onPasswordChange = (value: string) => {
    setPassword(value);
    setError(null);
  };
  const onConfirmChange = (value: string) => {
    setConfirmPassword(value);
    setError(null);
  };

  return { password, confirmPassword, error, done, loading, onPasswordChange, onConfirmChange, onSubmit };
}
