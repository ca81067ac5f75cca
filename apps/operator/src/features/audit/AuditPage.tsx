import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api';
import { AuditTable } from '../../ui/AuditTable';
import { Pagination } from '../../ui/Pagination';
import { pageParam } from '../../ui/useSearchUpdate';
import { AuditFilter, type AuditFilterValue } from './AuditFilter';
import { AUDIT_PAGE_SIZE, auditQueryOptions, useVerifyChain } from './api';

/**
 * The chain's check: each entry carries the hash of the one before it, so an entry edited or
 * removed in the database shows as the first broken one.
 */
function VerifyChain() {
  const verify = useVerifyChain();
  const result = verify.data;
  return (
    <div className="audit-chain">
      <button type="button" className="btn" onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="bo-audit-verify">
        {verify.isPending ? 'Verifying…' : 'Verify chain'}
      </button>
      <span role="status" aria-live="polite">
        {verify.isError && (
          <span className="field-error" data-testid="bo-audit-verify-error">
            {messageOf(verify.error)}
          </span>
        )}
        {result && result.firstBrokenId === null && (
          <span className="badge badge-success" data-testid="bo-audit-verify-result">
            Chain intact: {result.checked.toLocaleString('en-US')} {result.checked === 1 ? 'entry' : 'entries'} checked
          </span>
        )}
        {result && result.firstBrokenId !== null && (
          <span className="badge badge-danger" data-testid="bo-audit-verify-result">
            Chain broken at entry #{result.firstBrokenId} ({result.checked.toLocaleString('en-US')} entries checked): it or the one before it was changed or
            removed outside the server.
          </span>
        )}
      </span>
    </div>
  );
}

export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const targetType = searchParams.get('targetType') ?? '';
  const targetId = searchParams.get('targetId') ?? '';
  const page = pageParam(searchParams);
  const filtered = Boolean(targetType || targetId);

  const audit = useQuery(auditQueryOptions({ targetType, targetId, page }));

  function onApply(value: AuditFilterValue) {
    const next = new URLSearchParams();
    if (value.targetType) next.set('targetType', value.targetType);
    if (value.targetId) next.set('targetId', value.targetId);
    setSearchParams(next);
  }

  function onPage(nextPage: number) {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(nextPage));
    setSearchParams(next);
  }

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Audit log</h1>
          <p className="muted">
            Every operator action: who, when, what, before and after. Click a row for details. Each entry carries the hash of the one before it.
          </p>
        </div>
        <VerifyChain />
      </header>

      <AuditFilter key={`${targetType}|${targetId}`} value={{ targetType, targetId }} onApply={onApply} busy={audit.isFetching && !audit.isPending} />

      <div className="card">
        <AuditTable
          entries={audit.data?.list}
          headingLevel={2}
          query={audit}
          loadingLabel="Loading audit log…"
          empty={filtered ? 'No audit entries match this filter.' : 'The audit log is empty.'}
        />
        {audit.data && <Pagination page={page} size={AUDIT_PAGE_SIZE} total={audit.data.total} onPage={onPage} disabled={audit.isFetching} />}
      </div>
    </section>
  );
}
