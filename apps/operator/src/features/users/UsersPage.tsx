import { useQuery } from '@tanstack/react-query';
import { UserRole } from '@tradeapp/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { accountTypeLabel, KycBadge, UserStatusBadge } from '../../ui/Badges';
import { ClickableRow } from '../../ui/ClickableRow';
import { formatDate, show } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Segmented } from '../../ui/Segmented';
import { TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { pageParam } from '../../ui/useSearchUpdate';
import { USERS_PAGE_SIZE, usersQueryOptions } from './api';

const COLUMNS: Column[] = [
  { label: 'ID', className: 'num' },
  { label: 'User ID' },
  { label: 'E-mail' },
  { label: 'Account type' },
  { label: 'KYC status' },
  { label: 'Status' },
  { label: 'Created' },
];

const ROLE_OPTIONS = [
  { value: UserRole.Investor, label: 'Investors' },
  { value: UserRole.Operator, label: 'Operators' },
];

export function UsersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = pageParam(searchParams);
  // Investors unless the URL asks for the operators (`role=operator`).
  const role = searchParams.get('role') === UserRole.Operator ? UserRole.Operator : UserRole.Investor;
  const operators = role === UserRole.Operator;

  const users = useQuery(usersQueryOptions({ q, page, role }));

  function onSearch(value: string) {
    const next = new URLSearchParams();
    if (value) next.set('q', value);
    if (operators) next.set('role', role);
    setSearchParams(next);
  }

  function onRole(value: UserRole | undefined) {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (value === UserRole.Operator) next.set('role', value);
    setSearchParams(next);
  }

  function onPage(nextPage: number) {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(nextPage));
    setSearchParams(next);
  }

  const openUser = (id: number) => {
    void navigate(`/users/${String(id)}`);
  };

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Users</h1>
          <p className="muted">{operators ? 'Operator accounts, newest first.' : 'Investor accounts, newest first.'}</p>
        </div>
      </header>

      <div className="toolbar">
        <Segmented label="Role" options={ROLE_OPTIONS} value={role} onChange={onRole} testId="bo-users-role" all="none" />
      </div>

      <SearchBox
        key={q}
        value={q}
        label="Search users"
        placeholder="Search by user ID, e-mail or name"
        onSearch={onSearch}
        testId="bo-users-search"
        busy={users.isFetching && !users.isPending}
      />

      <div className="card">
        <table className="table table-hover">
          <TableHead columns={COLUMNS} />
          <tbody>
            <TableRows
              rows={users.data?.list}
              colSpan={COLUMNS.length}
              query={users}
              loadingLabel="Loading users…"
              empty={q ? `No ${operators ? 'operator' : 'investor'} matches “${q}”.` : operators ? 'No operators.' : 'No investors yet.'}
            >
              {(user) => (
                <ClickableRow key={user.id} data-testid="bo-user-row" data-user-id={user.id} onOpen={() => openUser(user.id)}>
                  <td className="num mono">{user.id}</td>
                  <td className="strong">
                    {user.userId}
                    {user.role === UserRole.Operator && <span className="tag">operator</span>}
                  </td>
                  <td>{show(user.email)}</td>
                  <td>{accountTypeLabel(user.accountType)}</td>
                  <td>
                    <KycBadge status={user.kycStatus} />
                  </td>
                  <td>
                    <UserStatusBadge status={user.status} />
                  </td>
                  <td className="nowrap">{formatDate(user.createTimeTimestamp)}</td>
                </ClickableRow>
              )}
            </TableRows>
          </tbody>
        </table>
        {users.data && <Pagination page={page} size={USERS_PAGE_SIZE} total={users.data.total} onPage={onPage} disabled={users.isFetching} />}
      </div>
    </section>
  );
}
