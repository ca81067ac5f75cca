import { createHashRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage';
import { LoginPage } from '../features/auth/LoginPage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { UsersPage } from '../features/users/UsersPage';
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
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
