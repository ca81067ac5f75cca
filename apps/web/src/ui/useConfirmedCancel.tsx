import { Dialog } from 'antd-mobile';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../api/client';
import { isRetryable } from '../api/intent';
import { showToast } from './toast';

/**
 * Cancelling one of a list's records (an order) once the investor confirms it, under one
 * idempotency key per record, kept while a retry may still be needed (the answer was lost, so the
 * cancel may have been applied). `busy` is the record being cancelled.
 */
export function useConfirmedCancel({
  question,
  confirmText,
  done,
  cancel,
  afterwards,
}: {
  question: ReactNode;
  confirmText: ReactNode;
  /** The toast once it is cancelled. */
  done: string;
  cancel: (id: number, idempotencyKey: string) => Promise<unknown>;
  /** Run however it went. */
  afterwards?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const keys = useRef(new Map<number, string>());
  const [busy, setBusy] = useState<number | null>(null);

  const onCancel = async (id: number) => {
    const ok = await Dialog.confirm({ content: question, confirmText, cancelText: t('common.back') });
    if (!ok) return;
    let key = keys.current.get(id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(id, key);
    }
    setBusy(id);
    try {
      await cancel(id, key);
      keys.current.delete(id);
      showToast(done, 'success');
    } catch (error) {
      if (!isRetryable(error)) keys.current.delete(id);
    } finally {
      setBusy(null);
      if (afterwards) await afterwards();
    }
  };

  return { busy, onCancel };
}
