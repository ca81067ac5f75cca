import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, getToken, messageOf, takeNotice } from '../../api';
import { Field } from '../../ui/Field';
import { BrandMark, useAppTitle } from '../content';
import { meQueryKey, signIn } from './api';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() => takeNotice());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const title = useAppTitle();

  if (getToken() && !pending) return <Navigate to="/users" replace />;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'Please enter e-mail';
    if (!password) missing.password = 'Please enter password';
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;

    setPending(true);
    setError(null);
    try {
      const result = await signIn(email.trim(), password);
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, result.userInfo);
      await navigate('/users', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      if (caught instanceof ApiError && caught.fields) setFieldErrors(caught.fields);
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="login-brand">
          <BrandMark title={title} />
          <div>
            <h1 data-testid="bo-app-title">{title ?? 'Back office'}</h1>
            <p className="muted">{title ? 'Back office: sign in with your operator account' : 'Sign in with your operator account'}</p>
          </div>
        </div>

        {error && (
          <div className="alert alert-error" role="alert" data-testid="bo-login-error">
            {error}
          </div>
        )}

        <Field label="E-mail" error={fieldErrors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              data-testid="bo-email"
            />
          )}
        </Field>

        <Field label="Password" error={fieldErrors.password}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="bo-password"
            />
          )}
        </Field>

        <button type="submit" className="btn btn-primary btn-block" disabled={pending} data-testid="bo-login">
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
