import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { reportFormError } from './forms';
import { TextField } from './TextField';

type KeyInput = { key: string };

/**
 * A key from a notice (an approval's, an invitation's): "enter key" when empty, the server's one
 * refusal under the field; anything else (too many attempts, the network) is toasted.
 */
export function KeyForm<R>({
  schema,
  send,
  onEntered,
  clearOnEntered = false,
  className,
  label,
  placeholder,
  testId,
  submitTestId,
  submitLabel,
  children,
}: {
  schema: z.ZodType<KeyInput, KeyInput>;
  send: (key: string) => Promise<R>;
  onEntered: (result: R) => void;
  /** Empty the field once a key is taken, for another key may follow. */
  clearOnEntered?: boolean;
  className: string;
  label: string;
  placeholder: string;
  testId: string;
  submitTestId: string;
  submitLabel: string;
  /** Above the field. */
  children?: ReactNode;
}) {
  const form = useForm<KeyInput>({ resolver: zodResolver(schema), defaultValues: { key: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ key }) => {
    try {
      const result = await send(key);
      if (clearOnEntered) form.reset({ key: '' });
      onEntered(result);
    } catch (error) {
      // A wrong key is a fact about this field.
      if (error instanceof ApiError && error.key === 'e.keyInvalid') form.setError('key', { type: 'server', message: 'e.keyInvalid' });
      else reportFormError(error, form.setError, ['key']);
    }
  });

  return (
    <form className={`form-section ${className}`} onSubmit={onSubmit} noValidate>
      {children}
      <TextField
        label={label}
        testId={testId}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="characters"
        registration={form.register('key')}
        error={errors.key?.message}
      />
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
