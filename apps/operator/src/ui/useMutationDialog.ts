import { useState } from 'react';

/** What a dialog needs of the mutation it confirms. */
export interface DialogMutation<V> {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
}

/** What a confirming dialog takes from the mutation it confirms. */
export interface MutationDialogProps<A extends unknown[] = []> {
  pending: boolean;
  error: unknown;
  onConfirm: (...args: A) => void;
  onClose: () => void;
}

/**
 * The confirming dialogs of one mutation: which is open, and the props that tie it to the mutation.
 * A success closes it; closing forgets the last failure, so the next dialog opens without it.
 */
export function useMutationDialog<Which extends string, V>(mutation: DialogMutation<V>) {
  const [open, setOpen] = useState<Which | null>(null);
  const close = () => {
    mutation.reset();
    setOpen(null);
  };
  return {
    open,
    setOpen,
    /** A dialog's `pending`, `error` and `onClose`, and its `onConfirm` running the mutation with `variables`' answer. */
    bind: <A extends unknown[]>(variables: (...args: A) => V): MutationDialogProps<A> => ({
      pending: mutation.isPending,
      error: mutation.error,
      onConfirm: (...args: A) => mutation.mutate(variables(...args), { onSuccess: close }),
      onClose: close,
    }),
  };
}
