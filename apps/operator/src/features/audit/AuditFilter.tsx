import { useState, type SubmitEvent } from 'react';
import { Spinner } from '../../ui/Spinner';

export interface AuditFilterValue {
  targetType: string;
  targetId: string;
}

interface AuditFilterProps {
  value: AuditFilterValue;
  onApply: (value: AuditFilterValue) => void;
  busy: boolean;
}

/** Target types the server writes today; any other type can still be typed in. */
const KNOWN_TARGET_TYPES = ['user', 'session', 'kyc', 'deposit', 'withdrawal', 'blockTrade', 'deal', 'order', 'instrument', 'robot'];

export function AuditFilter({ value, onApply, busy }: AuditFilterProps) {
  const [targetType, setTargetType] = useState(value.targetType);
  const [targetId, setTargetId] = useState(value.targetId);
  const filtered = Boolean(value.targetType || value.targetId);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ targetType: targetType.trim(), targetId: targetId.trim() });
  }

  return (
    <form className="toolbar" onSubmit={onSubmit} role="search">
      <label className="toolbar-field">
        <span>Target type</span>
        <input
          list="audit-target-types"
          placeholder="e.g. user"
          maxLength={50}
          value={targetType}
          onChange={(event) => setTargetType(event.target.value)}
          data-testid="bo-audit-type"
        />
        <datalist id="audit-target-types">
          {KNOWN_TARGET_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </label>
      <label className="toolbar-field">
        <span>Target ID</span>
        <input placeholder="e.g. 42" maxLength={50} value={targetId} onChange={(event) => setTargetId(event.target.value)} data-testid="bo-audit-target" />
      </label>
      <button type="submit" className="btn" data-testid="bo-audit-filter">
        Filter
      </button>
      {filtered && (
        <button type="button" className="btn btn-ghost" onClick={() => onApply({ targetType: '', targetId: '' })}>
          Clear
        </button>
      )}
      {busy && <Spinner label="Refreshing" />}
    </form>
  );
}
