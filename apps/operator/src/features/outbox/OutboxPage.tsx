import { useQuery } from '@tanstack/react-query';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { Badge } from '../../ui/Badges';
import { ClickableRow } from '../../ui/ClickableRow';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Empty, QueryState, TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { pageParam, useSearchUpdate } from '../../ui/useSearchUpdate';
import { mailQueryOptions, OUTBOX_PAGE_SIZE, outboxQueryOptions } from './api';

type Mail = ResponseOf<Routes['operatorOutbox']>['list'][number];

const COLUMNS: Column[] = [{ label: 'Sent', className: 'col-when' }, { label: 'To', className: 'col-to' }, { label: 'Subject' }];

/** The mail selected: fetched when opened (the server audits the reading), its codes and links removed. */
function MailPanel({ mail }: { mail: Mail | undefined }) {
  const read = useQuery({ ...mailQueryOptions(mail?.id ?? 0), enabled: mail !== undefined });
  if (!mail) {
    return (
      <aside className="card mail-panel">
        <Empty>Select a mail to read it.</Empty>
      </aside>
    );
  }
  if (!read.data) {
    return (
      <aside className="card card-padded mail-panel" aria-label="Mail">
        <QueryState query={read} loadingLabel="Opening the mail…" />
      </aside>
    );
  }
  return (
    <aside className="card card-padded mail-panel" data-testid="bo-mail-panel" aria-label="Mail">
      <h2 className="mail-subject" data-testid="bo-mail-subject">
        {read.data.subject}
      </h2>
      <dl className="mail-meta">
        <dt>To</dt>
        <dd>{read.data.to}</dd>
        <dt>Sent</dt>
        <dd>{formatDateTime(read.data.createTimeTimestamp)}</dd>
        <dt>Transport</dt>
        <dd>
          <Badge tone={read.data.transport === 'smtp' ? 'info' : 'neutral'}>{read.data.transport === 'smtp' ? 'Sent by SMTP' : 'Outbox only'}</Badge>
        </dd>
      </dl>
      <p className="muted small" data-testid="bo-mail-redacted">
        Codes and links are removed from this copy (•••••• and [link removed]); only the recipient has them. Your reading of this mail is written to the audit
        log.
      </p>
      {/* Focusable: a long mail scrolls inside the box, which the keyboard must be able to scroll too. */}
      <pre className="mail-body" tabIndex={0} data-testid="bo-mail-body">
        {read.data.text}
      </pre>
    </aside>
  );
}

export function OutboxPage() {
  const [searchParams, update] = useSearchUpdate('mail');
  const to = searchParams.get('to') ?? '';
  const page = pageParam(searchParams);
  const selectedId = Number(searchParams.get('mail')) || null;

  const outbox = useQuery(outboxQueryOptions({ to, page }));
  const selected = outbox.data?.list.find((mail) => mail.id === selectedId);

  return (
    <section className="page">
      <PageHeader title="Mail outbox" query={outbox}>
        Every mail the server sent, newest first, with its codes and links removed: operators never see them. Opening a mail is written to the audit log.
      </PageHeader>

      {outbox.data?.delivery === 'development' && (
        <div className="alert alert-warning" role="note" data-testid="bo-mail-dev-mode">
          Development mail mode: no SMTP server is configured (SMTP_URL), so mails are not sent; they are written whole, codes included, as .eml files in the
          server&apos;s DATA_DIR/outbox. Never run a deployment for real users this way.
        </div>
      )}

      <SearchBox
        key={to}
        value={to}
        label="Recipient e-mail"
        placeholder="Filter by recipient e-mail"
        onSearch={(value) => update({ to: value, page: null, mail: null })}
        testId="bo-outbox-search"
        busy={outbox.isFetching && !outbox.isPending}
      />

      <div className="split">
        <div className="card">
          <table className="table table-hover table-fixed">
            <TableHead columns={COLUMNS} />
            <tbody>
              <TableRows
                rows={outbox.data?.list}
                colSpan={COLUMNS.length}
                query={outbox}
                loadingLabel="Loading mails…"
                empty={to ? `No mail to “${to}”.` : 'No mail sent yet.'}
              >
                {(mail) => (
                  <ClickableRow
                    key={mail.id}
                    selected={mail.id === selectedId}
                    data-testid="bo-outbox-row"
                    data-mail-id={mail.id}
                    onOpen={() => update({ mail: String(mail.id) })}
                  >
                    <td className="nowrap">{formatDateTime(mail.createTimeTimestamp)}</td>
                    <td className="truncate">{mail.to}</td>
                    <td className="truncate strong">{mail.subject}</td>
                  </ClickableRow>
                )}
              </TableRows>
            </tbody>
          </table>
          {outbox.data && (
            <Pagination
              page={page}
              size={OUTBOX_PAGE_SIZE}
              total={outbox.data.total}
              onPage={(next) => update({ page: String(next), mail: null })}
              disabled={outbox.isFetching}
            />
          )}
        </div>
        <MailPanel mail={selected} />
      </div>
    </section>
  );
}
