import { useQuery } from '@tanstack/react-query';
import { UserRole, UserStatus, type ResponseOf, type Routes } from '@tradeapp/contract';
import { WALLET_NAMES as WALLET_NAME_SETS } from '@tradeapp/contract/labels';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AuditTable } from '../../ui/AuditTable';
import { accountTypeLabel, Badge, KycBadge, UserStatusBadge } from '../../ui/Badges';
import { formatAmount, formatDateTime, show } from '../../ui/format';
import { Empty, PageState, QueryState } from '../../ui/States';
import { Spinner } from '../../ui/Spinner';
import { TableHead } from '../../ui/TableHead';
import { userQueryOptions } from './api';
import { PortfolioCard } from './PortfolioCard';
import { StatementCard } from './StatementCard';
import { StatusDialog } from './StatusDialog';
import { TwoFactorResetDialog } from './TwoFactorResetDialog';

type UserDetail = ResponseOf<Routes['operatorUser']>;
type UserInfo = UserDetail['user'];
type Session = UserDetail['sessions'][number];
type Balance = UserDetail['balances'][number];

/** The wallets' names as the investors' app shows them (in English). */
const WALLET_NAMES = WALLET_NAME_SETS.en;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function isImageLink(value: string): boolean {
  return /^(https?:\/\/|\/)/.test(value);
}

function FileValue({ value }: { value: string }) {
  if (!value) return <>—</>;
  if (!isImageLink(value)) return <>{value}</>;
  return (
    <a href={value} target="_blank" rel="noreferrer noopener">
      Open file
    </a>
  );
}

function sessionState(session: Session, now: number): ReactNode {
  if (session.revoked) return <Badge tone="neutral">Revoked</Badge>;
  if (session.expiresTimestamp < now) return <Badge tone="neutral">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

function ProfileCard({ user, twoFactor, passkeys, onResetTwoFactor }: { user: UserInfo; twoFactor: boolean; passkeys: number; onResetTwoFactor: () => void }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <div className="card card-padded">
      <h2 className="card-title">Profile</h2>
      <dl className="fields">
        <Field label="ID">{user.id}</Field>
        <Field label="User ID">{user.userId}</Field>
        <Field label="E-mail">{show(user.email)}</Field>
        <Field label="Role">{user.role === UserRole.Operator ? 'Operator' : 'Investor'}</Field>
        <Field label="Account type">{accountTypeLabel(user.accountType)}</Field>
        <Field label="Status">
          <UserStatusBadge status={user.status} />
        </Field>
        <Field label="Two-factor sign-in">
          {twoFactor ? (
            <>
              <Badge tone="success">On</Badge>{' '}
              <button type="button" className="btn btn-small" onClick={onResetTwoFactor} data-testid="bo-2fa-reset">
                Reset
              </button>
            </>
          ) : (
            <Badge tone="neutral">Off</Badge>
          )}
        </Field>
        <Field label="Passkeys">
          <span data-testid="bo-passkeys">{passkeys}</span>
        </Field>
        <Field label="KYC status">
          <KycBadge status={user.kycStatus} />
        </Field>
        <Field label="Name">{show(name)}</Field>
        <Field label="Phone">{show(user.phone)}</Field>
        <Field label="Country">{show(user.country)}</Field>
        <Field label="Street address">{show(user.streetAddress)}</Field>
        <Field label="Address line 2">{show(user.addressLine2)}</Field>
        <Field label="State / province">{show(user.stateProvince)}</Field>
        <Field label="Postal code">{show(user.postalCode)}</Field>
        <Field label="SSN / BSN">{show(user.ssnMasked)}</Field>
        <Field label="Invitation code">{show(user.invitationCode)}</Field>
        <Field label="Transaction password">{user.hasPayPassword ? 'Set' : 'Not set'}</Field>
        <Field label="Registered">{formatDateTime(user.createTimeTimestamp)}</Field>
      </dl>
    </div>
  );
}

function CorporateCard({ corporate }: { corporate: NonNullable<UserInfo['corporate']> }) {
  return (
    <div className="card card-padded">
      <h2 className="card-title">Company</h2>
      <dl className="fields">
        <Field label="Enterprise name">{show(corporate.enterpriseName)}</Field>
        <Field label="License number">{show(corporate.licenseNumber)}</Field>
        <Field label="License image">
          <FileValue value={corporate.licenseImage} />
        </Field>
        <Field label="Enterprise address">{show(corporate.enterpriseAddress)}</Field>
        <Field label="Place of registration">{show(corporate.placeOfRegistration)}</Field>
        <Field label="Bank account number">{show(corporate.bankAccountNumber)}</Field>
        <Field label="Bank account image">
          <FileValue value={corporate.bankAccountImage} />
        </Field>
        <Field label="Officer name">{show(corporate.officerName)}</Field>
        <Field label="Officer ID type">{show(corporate.officerIdType)}</Field>
        <Field label="Officer ID number">{show(corporate.officerIdNumber)}</Field>
        <Field label="Contact phone">{show(corporate.contactPhone)}</Field>
      </dl>
    </div>
  );
}

/** Each wallet's two ledger accounts: what the investor can spend and what is held (withdrawals, transfers). */
function BalancesCard({ balances }: { balances: Balance[] }) {
  return (
    <div className="card" data-testid="bo-user-balances">
      <h2 className="card-title card-title-padded">Balances</h2>
      <table className="table">
        <TableHead columns={[{ label: 'Wallet' }, { label: 'Available', className: 'num' }, { label: 'Held', className: 'num' }]} />
        <tbody>
          {balances.map((b) => (
            <tr key={b.code} data-testid="bo-balance-row" data-wallet={b.code}>
              <td>
                {WALLET_NAMES[b.code]} <span className="muted small mono">{b.code}</span>
              </td>
              <td className="num mono nowrap" data-testid="bo-balance-available">
                {formatAmount(b.available)} {b.currency}
              </td>
              <td className="num mono nowrap" data-testid="bo-balance-held">
                {formatAmount(b.held)} {b.currency}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SessionsCard({ sessions }: { sessions: Session[] }) {
  const [now] = useState(() => Date.now());
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">Sessions</h2>
      {sessions.length === 0 ? (
        <Empty>No sessions.</Empty>
      ) : (
        <table className="table">
          <TableHead columns={[{ label: 'Signed in' }, { label: 'Expires' }, { label: 'State' }]} />
          <tbody>
            {sessions.map((session, index) => (
              <tr key={`${session.createTimeTimestamp}-${index}`}>
                <td className="nowrap">{formatDateTime(session.createTimeTimestamp)}</td>
                <td className="nowrap">{formatDateTime(session.expiresTimestamp)}</td>
                <td>{sessionState(session, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function UserDetailPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const validId = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...userQueryOptions(id), enabled: validId });
  const [dialog, setDialog] = useState<UserStatus | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState(false);

  const back = (
    <Link to="/users" className="back-link">
      ‹ Users
    </Link>
  );

  if (!validId) {
    return (
      <PageState back={back}>
        <Empty>No such user.</Empty>
      </PageState>
    );
  }
  if (detail.isPending || detail.isError) {
    return (
      <PageState back={back}>
        <QueryState query={detail} loadingLabel="Loading user…" />
      </PageState>
    );
  }

  const { user, balances, sessions, audit } = detail.data;
  const active = user.status === UserStatus.Active;

  return (
    <section className="page">
      {back}
      <header className="page-header">
        <div>
          <h1 className="title-with-badges">
            {user.userId}
            <UserStatusBadge status={user.status} />
            <KycBadge status={user.kycStatus} />
          </h1>
          <p className="muted">{[`#${String(user.id)}`, user.email, accountTypeLabel(user.accountType)].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="page-actions">
          {detail.isFetching && <Spinner label="Refreshing" />}
          {user.role === UserRole.Operator ? (
            <span className="muted small">Operator accounts cannot be disabled here.</span>
          ) : active ? (
            <button key="disable" type="button" className="btn btn-danger" onClick={() => setDialog(UserStatus.Disabled)} data-testid="bo-disable">
              Disable account
            </button>
          ) : (
            <button key="enable" type="button" className="btn btn-primary" onClick={() => setDialog(UserStatus.Active)} data-testid="bo-enable">
              Enable account
            </button>
          )}
        </div>
      </header>

      <div className="grid-2">
        <ProfileCard user={user} twoFactor={detail.data.twoFactor} passkeys={detail.data.passkeys} onResetTwoFactor={() => setResettingTwoFactor(true)} />
        <div className="stack">
          {balances.length > 0 && <BalancesCard balances={balances} />}
          {user.corporate && <CorporateCard corporate={user.corporate} />}
          <SessionsCard sessions={sessions} />
          {user.role !== UserRole.Operator && <StatementCard userId={user.id} />}
        </div>
      </div>

      {user.role !== UserRole.Operator && <PortfolioCard userId={user.id} />}

      <div className="card">
        <h2 className="card-title card-title-padded">Audit trail</h2>
        <AuditTable entries={audit} headingLevel={3} empty="No audit entries for this user." />
      </div>

      {resettingTwoFactor && <TwoFactorResetDialog id={user.id} userLabel={user.userId} onClose={() => setResettingTwoFactor(false)} />}
      {dialog !== null && <StatusDialog id={user.id} userLabel={user.userId} target={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
