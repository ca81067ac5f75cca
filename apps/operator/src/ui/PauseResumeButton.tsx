import type { ReactNode } from 'react';
import { ReasonDialog } from './ReasonDialog';
import type { MutationDialogProps } from './useMutationDialog';

type PauseResumeAction = { action: 'pause'; reason: string } | { action: 'resume'; reason: string };

/** What the button takes of its row's `useMutationDialog`, which may open other dialogs of the row too. */
interface PauseResumeDialog {
  open: string | null;
  setOpen: (which: 'pause' | 'resume') => void;
  bind: (variables: (reason: string) => PauseResumeAction) => MutationDialogProps<[string]>;
}

interface PauseResumeButtonProps {
  paused: boolean;
  dialog: PauseResumeDialog;
  /** What is paused, as the dialogs' titles and buttons name it: `pool` gives "Pause pool". */
  noun: string;
  /** The buttons' test ids are `<testIdPrefix>-pause` and `<testIdPrefix>-resume`. */
  testIdPrefix: string;
  /** The dialogs' form ids are `pause-<formKey>` and `resume-<formKey>`. */
  formKey: string;
  /** The item, after "Pause" or "Resume" for a screen reader: a table has a button in every row. */
  hiddenName?: ReactNode;
  /** What pausing does, above the reason. */
  pauseEffect: ReactNode;
  /** What resuming does, above the reason. */
  resumeEffect: ReactNode;
  /** Further buttons of the row, after this one. */
  children?: ReactNode;
}

/** Pause (while running) or Resume (while paused) a listed item, each asking for a reason for the audit log. */
export function PauseResumeButton({ paused, dialog, noun, testIdPrefix, formKey, hiddenName, pauseEffect, resumeEffect, children }: PauseResumeButtonProps) {
  const hidden = hiddenName === undefined ? null : <span className="visually-hidden"> {hiddenName}</span>;
  return (
    <>
      {paused ? (
        <button type="button" className="btn btn-small" onClick={() => dialog.setOpen('resume')} data-testid={`${testIdPrefix}-resume`}>
          Resume{hidden}
        </button>
      ) : (
        <button type="button" className="btn btn-small btn-danger-outline" onClick={() => dialog.setOpen('pause')} data-testid={`${testIdPrefix}-pause`}>
          Pause{hidden}
        </button>
      )}
      {children}
      {dialog.open === 'pause' && (
        <ReasonDialog
          title={`Pause ${noun}`}
          formId={`pause-${formKey}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel={`Pause ${noun}`}
          {...dialog.bind((reason: string) => ({ action: 'pause', reason }))}
        >
          <p>{pauseEffect}</p>
        </ReasonDialog>
      )}
      {dialog.open === 'resume' && (
        <ReasonDialog
          title={`Resume ${noun}`}
          formId={`resume-${formKey}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel={`Resume ${noun}`}
          tone="primary"
          {...dialog.bind((reason: string) => ({ action: 'resume', reason }))}
        >
          <p>{resumeEffect}</p>
        </ReasonDialog>
      )}
    </>
  );
}
