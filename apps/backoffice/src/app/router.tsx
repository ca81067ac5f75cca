import { createHashRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage';
import { LoginPage } from '../features/auth/LoginPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { KycPage } from '../features/kyc/KycPage';
import { LedgerPage } from '../features/ledger/LedgerPage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { ServicePage } from '../features/service/ServicePage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { UsersPage } from '../features/users/UsersPage';
import { WithdrawalsPage } from '../features/withdrawals/WithdrawalsPage';
import { Layout } from './Layout';
import { NotFound } from './NotFound';

export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/users" replace /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/:id', element: <UserDetailPage /> },
      { path: 'kyc', element: <KycPage /> },
      { path: 'deposits', element: <DepositsPage /> },
      { path: 'withdrawals', element: <WithdrawalsPage /> },
      { path: 'ledger', element: <LedgerPage /> },
      { path: 'service', element: <ServicePage /> },
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
