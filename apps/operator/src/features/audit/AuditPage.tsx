import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AuditTable } from '../../ui/AuditTable';
import { Pagination } from '../../ui/Pagination';
import { pageParam } from '../../ui/useSearchUpdate';
import { AuditFilter, type AuditFilterValue } from './AuditFilter';
import { AUDIT_PAGE_SIZE, auditQueryOptions } from './api';

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
          <p className="muted">Every operator action: who, when, what, before and after. Click a row for details.</p>
        </div>
      </header>

      <AuditFilter
        key={`${targetType}|${targetId}`}
        value={{ targetType, targetId }}
        onApply={onApply}
        busy={audit.isFetching && !audit.isPending}
      />

      <div className="card">
        <AuditTable
          entries={audit.data?.list}
          headingLevel={2}
          query={audit}
          loadingLabel="Loading audit log…"
          empty={filtered ? 'No audit entries match this filter.' : 'The audit log is empty.'}
        />
        {audit.data && (
          <Pagination
            page={page}
            size={AUDIT_PAGE_SIZE}
            total={audit.data.total}
            onPage={onPage}
            disabled={audit.isFetching}
          />
        )}
      </div>
    </section>
  );
}
