import { createHashRouter, Navigate } from 'react-router';
import { AgenciesPage } from '../features/agencies/AgenciesPage';
import { AuditPage } from '../features/audit/AuditPage';
import { LoginPage } from '../features/auth/LoginPage';
import { BlockTradesPage } from '../features/blockTrades/BlockTradesPage';
import { ChatPage } from '../features/chat/ChatPage';
import { AppVersionPage } from '../features/content/AppVersionPage';
import { ArticleEditorPage } from '../features/content/ArticleEditorPage';
import { ArticlesPage } from '../features/content/ArticlesPage';
import { DealDetailPage } from '../features/deals/DealDetailPage';
import { DealEditorPage } from '../features/deals/DealEditorPage';
import { DealsPage } from '../features/deals/DealsPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { BondsPage } from '../features/bonds/BondsPage';
import { FundNewPage } from '../features/funds/FundNewPage';
import { FundsPage } from '../features/funds/FundsPage';
import { KycPage } from '../features/kyc/KycPage';
import { LedgerPage } from '../features/ledger/LedgerPage';
import { LoansPage } from '../features/loans/LoansPage';
import { NoticesPage } from '../features/notices/NoticesPage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { PlacementDetailPage } from '../features/placements/PlacementDetailPage';
import { PlacementNewPage } from '../features/placements/PlacementNewPage';
import { PlacementsPage } from '../features/placements/PlacementsPage';
import { PoolNewPage } from '../features/pools/PoolNewPage';
import { PoolsPage } from '../features/pools/PoolsPage';
import { RobotNewPage } from '../features/robots/RobotNewPage';
import { RobotsPage } from '../features/robots/RobotsPage';
import { ServiceRequestsPage } from '../features/serviceRequests/ServiceRequestsPage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { UsersPage } from '../features/users/UsersPage';
import { WithdrawalsPage } from '../features/withdrawals/WithdrawalsPage';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { ROUTES } from './paths';

// Every path comes from paths.ts (absolute, under the frame's '/'): the e2e tests list the routes from there.
export const router = createHashRouter([
  { path: ROUTES.login, element: <LoginPage /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to={ROUTES.users} replace /> },
      { path: ROUTES.users, element: <UsersPage /> },
      { path: ROUTES.user, element: <UserDetailPage /> },
      { path: ROUTES.kyc, element: <KycPage /> },
      { path: ROUTES.deposits, element: <DepositsPage /> },
      { path: ROUTES.withdrawals, element: <WithdrawalsPage /> },
      { path: ROUTES.blockTrades, element: <BlockTradesPage /> },
      { path: ROUTES.placements, element: <PlacementsPage /> },
      { path: ROUTES.placementNew, element: <PlacementNewPage /> },
      { path: ROUTES.placement, element: <PlacementDetailPage /> },
      { path: ROUTES.deals, element: <DealsPage /> },
      { path: ROUTES.dealNew, element: <DealEditorPage key="new" /> },
      { path: ROUTES.deal, element: <DealDetailPage /> },
      { path: ROUTES.dealEdit, element: <DealEditorPage /> },
      { path: ROUTES.agencies, element: <AgenciesPage /> },
      { path: ROUTES.robots, element: <RobotsPage /> },
      { path: ROUTES.robotNew, element: <RobotNewPage /> },
      { path: ROUTES.pools, element: <PoolsPage /> },
      { path: ROUTES.poolNew, element: <PoolNewPage /> },
      // funds, bonds and loans (issue 15)
      { path: ROUTES.funds, element: <FundsPage /> },
      { path: ROUTES.fundNew, element: <FundNewPage /> },
      { path: ROUTES.bonds, element: <BondsPage /> },
      { path: ROUTES.loans, element: <LoansPage /> },
      // end of funds, bonds and loans
      { path: ROUTES.ledger, element: <LedgerPage /> },
      { path: ROUTES.service, element: <ServiceRequestsPage /> },
      { path: ROUTES.outbox, element: <OutboxPage /> },
      { path: ROUTES.audit, element: <AuditPage /> },
      { path: ROUTES.chat, element: <ChatPage /> },
      { path: ROUTES.chatWith, element: <ChatPage /> },
      { path: ROUTES.articles, element: <ArticlesPage /> },
      { path: ROUTES.articleNew, element: <ArticleEditorPage key="new" /> },
      { path: ROUTES.article, element: <ArticleEditorPage /> },
      { path: ROUTES.notices, element: <NoticesPage /> },
      { path: ROUTES.appVersion, element: <AppVersionPage /> },
      { path: ROUTES.notFound, element: <NotFound /> },
    ],
  },
]);
