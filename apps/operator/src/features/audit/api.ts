import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api';

export const AUDIT_PAGE_SIZE = 20;

export interface AuditQuery {
  targetType: string;
  targetId: string;
  page: number;
}

export const auditKeys = {
  all: ['operator', 'audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, query] as const,
};

export function auditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) =>
      call(
        'operatorAudit',
        {
          page: query.page,
          size: AUDIT_PAGE_SIZE,
          targetType: query.targetType || undefined,
          targetId: query.targetId || undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Recompute the audit log's hash chain on the server: how many entries, and the first broken one. */
export function useVerifyChain() {
  return useMutation({ mutationFn: () => call('operatorAuditVerify', {}) });
}
