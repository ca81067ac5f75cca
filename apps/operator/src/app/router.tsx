import { createHashRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ChatPage } from '../features/chat/ChatPage';
import { AppVersionPage } from '../features/content/AppVersionPage';
import { ArticleEditorPage } from '../features/content/ArticleEditorPage';
import { ArticlesPage } from '../features/content/ArticlesPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { KycPage } from '../features/kyc/KycPage';
import { LedgerPage } from '../features/ledger/LedgerPage';
import { NoticesPage } from '../features/notices/NoticesPage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { ServiceRequestsPage } from '../features/serviceRequests/ServiceRequestsPage';
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
      { path: 'service', element: <ServiceRequestsPage /> },
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'chat', element: <ChatPage /> },
      { path: 'chat/:userId', element: <ChatPage /> },
      { path: 'articles', element: <ArticlesPage /> },
      { path: 'articles/new', element: <ArticleEditorPage key="new" /> },
      { path: 'articles/:id', element: <ArticleEditorPage /> },
      { path: 'notices', element: <NoticesPage /> },
      { path: 'app-version', element: <AppVersionPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
