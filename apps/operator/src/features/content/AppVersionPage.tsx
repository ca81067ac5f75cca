import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { messageOf } from '../../api';
import { Badge } from '../../ui/Badges';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { fieldErrorsOf } from '../../ui/errors';
import { Field } from '../../ui/Field';
import { formatDateTime, show } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { QueryState, TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import {
  appVersionKeys,
  currentVersionQueryOptions,
  nextPatch,
  publishVersion,
  VERSIONS_PAGE_SIZE,
  versionHistoryQueryOptions,
  type PublishInput,
} from './api';

const NOTE_LANGUAGES = [
  { key: 'en', label: 'Release notes in English', testId: 'bo-appversion-notes-en' },
  { key: 'nl', label: 'In Dutch (optional)', testId: 'bo-appversion-notes-nl' },
  { key: 'zh_Hans_CN', label: 'In Chinese (optional)', testId: 'bo-appversion-notes-zh' },
] as const;
type NoteKey = (typeof NOTE_LANGUAGES)[number]['key'];

const COLUMNS: Column[] = [{ label: 'Version' }, { label: 'Title' }, { label: 'Release notes' }, { label: 'Update' }, { label: 'Published' }];

function CurrentVersion() {
  const current = useQuery(currentVersionQueryOptions());
  if (current.isPending || current.isError) return <QueryState query={current} loadingLabel="Loading the published version…" />;
  const { version, title } = current.data;
  if (!version) {
    return (
      <div className="current-version" data-testid="bo-appversion-current">
        <span className="muted">No version published yet. The app shows “{title}”.</span>
      </div>
    );
  }
  return (
    <div className="current-version" data-testid="bo-appversion-current">
      <div className="current-version-number">
        <span className="stat-label">Published version</span>
        <span className="version-number" data-testid="bo-appversion-current-version">
          {version.version}
        </span>
        {version.forceUpdate ? <Badge tone="warning">Update required</Badge> : <Badge tone="neutral">Update optional</Badge>}
      </div>
      <dl className="details current-version-details">
        <div className="detail-row">
          <dt>Title</dt>
          <dd>{version.title}</dd>
        </div>
        <div className="detail-row">
          <dt>Published</dt>
          <dd>{formatDateTime(version.publishTimestamp)}</dd>
        </div>
        <div className="detail-row">
          <dt>Release notes</dt>
          <dd className="pre-wrap">{show(version.notes)}</dd>
        </div>
      </dl>
    </div>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = useQuery(versionHistoryQueryOptions(page));
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">History</h2>
      <table className="table">
        <TableHead columns={COLUMNS} />
        <tbody>
          <TableRows rows={history.data?.list} colSpan={COLUMNS.length} query={history} loadingLabel="Loading versions…" empty="No versions published yet.">
            {(row) => (
              <tr key={row.id} data-testid="bo-appversion-row" data-version={row.version}>
                <td className="mono strong top">{row.version}</td>
                <td className="top">{row.title}</td>
                <td className="top notes-cell">
                  <div className="pre-wrap">{row.notesByLocale.en}</div>
                  <div className="lang-badges">
                    <span className="lang-badge">EN</span>
                    <span className={`lang-badge${row.notesByLocale.nl ? '' : ' lang-badge-missing'}`}>NL</span>
                    <span className={`lang-badge${row.notesByLocale.zh_Hans_CN ? '' : ' lang-badge-missing'}`}>ZH</span>
                  </div>
                </td>
                <td className="top">{row.forceUpdate ? <Badge tone="warning">Required</Badge> : <Badge tone="neutral">Optional</Badge>}</td>
                <td className="nowrap top">
                  {formatDateTime(row.publishTimestamp)}
                  {row.publishedBy && <div className="muted small">{row.publishedBy}</div>}
                </td>
              </tr>
            )}
          </TableRows>
        </tbody>
      </table>
      {history.data && history.data.total > VERSIONS_PAGE_SIZE && (
        <Pagination page={page} size={VERSIONS_PAGE_SIZE} total={history.data.total} onPage={setPage} disabled={history.isFetching} />
      )}
    </div>
  );
}

function PublishForm() {
  const queryClient = useQueryClient();
  const current = useQuery(currentVersionQueryOptions());
  /** Null until typed: the field shows the app's current title. */
  const [title, setTitle] = useState<string | null>(null);
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState<Record<NoteKey, string>>({ en: '', nl: '', zh_Hans_CN: '' });
  const [forceUpdate, setForceUpdate] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [published, setPublished] = useState<string | null>(null);

  const shownTitle = title ?? current.data?.version?.title ?? current.data?.title ?? '';

  const publish = useMutation({
    mutationFn: (input: PublishInput) => publishVersion(input),
    onMutate: () => {
      setErrors({});
      setPublished(null);
    },
    onSuccess: async (answer) => {
      setConfirming(false);
      setPublished(answer.version);
      setVersion('');
      setNotes({ en: '', nl: '', zh_Hans_CN: '' });
      setForceUpdate(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: appVersionKeys.all }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
    },
    onError: (error) => {
      setConfirming(false);
      setErrors(fieldErrorsOf(error));
    },
  });

  function input(): PublishInput {
    return {
      title: shownTitle,
      version: version.trim(),
      notes: {
        en: notes.en,
        ...(notes.nl.trim() ? { nl: notes.nl } : {}),
        ...(notes.zh_Hans_CN.trim() ? { zh_Hans_CN: notes.zh_Hans_CN } : {}),
      },
      forceUpdate,
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Forcing every investor to update is worth a second look; an optional update is not.
    if (forceUpdate) setConfirming(true);
    else publish.mutate(input());
  }

  function clear(field: string) {
    setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  const suggestion = nextPatch(current.data?.version?.version);

  return (
    <form className="card card-padded" onSubmit={onSubmit} noValidate>
      <h2 className="card-title">Publish a new version</h2>
      {published && (
        <div className="alert alert-success" role="status" data-testid="bo-appversion-published">
          Version {published} is published.
        </div>
      )}
      {publish.isError && (
        <div className="alert alert-error" role="alert" data-testid="bo-appversion-error">
          {messageOf(publish.error)}
        </div>
      )}
      <div className="form-grid form-grid-2">
        <Field label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              value={shownTitle}
              maxLength={60}
              onChange={(event) => {
                setTitle(event.target.value);
                clear('title');
              }}
              data-testid="bo-appversion-title"
            />
          )}
        </Field>
        <Field label="Version (x.y.z)" error={errors.version}>
          {(control) => (
            <input
              {...control}
              value={version}
              maxLength={20}
              placeholder={suggestion}
              className="mono"
              onChange={(event) => {
                setVersion(event.target.value);
                clear('version');
                // The refusal was about the version: a new one is a new question.
                publish.reset();
              }}
              data-testid="bo-appversion-version"
            />
          )}
        </Field>
      </div>
      <div className="notes-grid">
        {NOTE_LANGUAGES.map((language) => (
          <Field key={language.key} label={language.label} error={errors[`notes.${language.key}`]} className={language.key === 'en' ? 'notes-main' : undefined}>
            {(control) => (
              <textarea
                {...control}
                rows={language.key === 'en' ? 3 : 2}
                value={notes[language.key]}
                maxLength={2000}
                onChange={(event) => {
                  setNotes((current) => ({ ...current, [language.key]: event.target.value }));
                  clear(`notes.${language.key}`);
                }}
                data-testid={language.testId}
              />
            )}
          </Field>
        ))}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={forceUpdate} onChange={(event) => setForceUpdate(event.target.checked)} data-testid="bo-appversion-force" />
        Require the update: the app cannot be used until it is installed
      </label>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={publish.isPending} data-testid="bo-appversion-publish">
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Require this update"
          confirmLabel="Publish and require"
          pending={publish.isPending}
          onConfirm={() => publish.mutate(input())}
          onClose={() => setConfirming(false)}
        >
          <p>
            Every investor must install version <strong>{version.trim() || '—'}</strong> before using the app again.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

export function AppVersionPage() {
  return (
    <section className="page" data-testid="bo-appversion">
      <header className="page-header">
        <div>
          <h1>App version</h1>
          <p className="muted">The version the investors’ app compares itself with at start, and its release notes.</p>
        </div>
      </header>
      <div className="version-layout">
        <div className="card card-padded">
          <h2 className="card-title">Now in the app</h2>
          <CurrentVersion />
        </div>
        <PublishForm />
      </div>
      <History />
    </section>
  );
}
