import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ARTICLE_CATEGORIES, type ArticleCategory, type Locale } from '@tradeapp/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messageOf, uploadImage } from '../../api';
import { AuthImage } from '../../ui/AuthImage';
import { Badge } from '../../ui/Badges';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FieldError } from '../../ui/FieldError';
import { formatDateTime, formatTime } from '../../ui/format';
import { SaveFailureAlert, useSaveFailure } from '../../ui/SaveFailure';
import { Empty, PageState, QueryState } from '../../ui/States';
import { LeaveDialog, useUnsavedChanges } from '../../ui/UnsavedChanges';
import { useEditorRoute } from '../../ui/useEditorRoute';
import {
  ARTICLE_LOCALES,
  articleKeys,
  articleQueryOptions,
  CATEGORY_LABELS,
  deleteArticle,
  saveArticle,
  type OperatorArticle,
  type ArticleStatus,
} from './api';
import { BodyField } from './BodyField';
import { draftOf, EMPTY_TEXT, inputOf, same, type Draft, type TextDraft } from './draft';
import { PreviewPanel } from './PreviewPanel';

/** The HTML language tag of each article language. */
const LANG_TAGS: Record<Locale, string> = { en: 'en', nl: 'nl', zh_Hans_CN: 'zh-Hans' };

function ArticleForm({ article }: { article: OperatorArticle | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => draftOf(article));
  const [draft, setDraft] = useState(saved);
  const [locale, setLocale] = useState<Locale>('en');
  const { errors, setErrors, failure, clear, fail } = useSaveFailure();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  /** Languages removed in this session, to bring back with one click. */
  const [removed, setRemoved] = useState<Partial<Record<Locale, TextDraft>>>({});
  const [cover, setCover] = useState<{ uploading: boolean; error: string | null }>({ uploading: false, error: null });
  const [deleting, setDeleting] = useState(false);
  const id = article?.id ?? null;
  const dirty = !same(draft, saved);
  const { blocker, allowLeaving } = useUnsavedChanges(dirty);

  const save = useMutation({
    mutationFn: () => saveArticle(id, inputOf(draft)),
    onMutate: clear,
    onSuccess: async (result) => {
      queryClient.setQueryData(articleKeys.detail(result.id), result);
      void queryClient.invalidateQueries({ queryKey: [...articleKeys.all, 'list'] });
      if (id === null) {
        allowLeaving();
        await navigate(`/articles/${String(result.id)}`, { replace: true });
        return;
      }
      const next = draftOf(result);
      setSaved(next);
      setDraft(next);
      setSavedAt(Date.now());
    },
    onError: (error) => {
      const fields = fail(error);
      // Open the first language with a problem, so the message is in view.
      const bad = ARTICLE_LOCALES.find(({ locale: l }) => Object.keys(fields).some((f) => f.startsWith(`texts.${l}`)));
      if (bad && !Object.keys(fields).some((f) => f.startsWith(`texts.${locale}`))) setLocale(bad.locale);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteArticle(id ?? 0),
    onSuccess: async () => {
      allowLeaving();
      queryClient.removeQueries({ queryKey: articleKeys.detail(id ?? 0) });
      await queryClient.invalidateQueries({ queryKey: [...articleKeys.all, 'list'] });
      await navigate('/articles', { replace: true });
    },
  });

  function change(patch: Partial<Draft>, field?: string) {
    setDraft((current) => ({ ...current, ...patch }));
    if (field) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function changeText(key: keyof TextDraft, value: string) {
    setDraft((current) => {
      const text = current.texts[locale] ?? EMPTY_TEXT;
      return { ...current, texts: { ...current.texts, [locale]: { ...text, [key]: value } } };
    });
    setErrors(({ [`texts.${locale}.${key}`]: _gone, ...rest }) => rest);
  }

  function addLanguage() {
    setDraft((current) => ({ ...current, texts: { ...current.texts, [locale]: removed[locale] ?? EMPTY_TEXT } }));
  }

  function removeLanguage() {
    const text = draft.texts[locale];
    if (locale === 'en' || !text) return;
    setRemoved((current) => ({ ...current, [locale]: text }));
    setDraft((current) => ({ ...current, texts: { ...current.texts, [locale]: null } }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !f.startsWith(`texts.${locale}`))));
  }

  async function onCover(file: File) {
    setCover({ uploading: true, error: null });
    try {
      const url = await uploadImage(file);
      change({ coverUrl: url }, 'coverUrl');
      setCover({ uploading: false, error: null });
    } catch (error) {
      setCover({ uploading: false, error: messageOf(error) });
    }
  }

  const current = draft.texts[locale];
  const localeInfo = ARTICLE_LOCALES.find((l) => l.locale === locale) ?? ARTICLE_LOCALES[0]!;

  return (
    <section className="page page-wide" data-testid="bo-article-editor">
      <Link to="/articles" className="back-link">
        ‹ Articles
      </Link>
      <header className="page-header">
        <div>
          <h1 className="title-with-badges">
            {id === null ? 'New article' : saved.texts.en.title || 'Untitled'}
            {article?.builtIn && <span className="tag tag-flat">built-in</span>}
            {id !== null && (saved.status === 'published' ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>)}
          </h1>
          <p className="muted">
            {article
              ? `#${String(article.id)} · updated ${formatDateTime(article.updateTimestamp)}${article.updatedBy ? ` by ${article.updatedBy}` : ''}`
              : 'Write it in English first; Dutch and Chinese readers see the English text until their language is added.'}
          </p>
        </div>
        <div className="page-actions">
          <span className="muted small" data-testid="bo-article-state" aria-live="polite">
            {dirty ? 'Unsaved changes' : savedAt ? `Saved at ${formatTime(savedAt)}` : ''}
          </span>
          {article && !article.builtIn && (
            <button type="button" className="btn btn-danger-outline" onClick={() => setDeleting(true)} data-testid="bo-article-delete">
              Delete
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => save.mutate()} disabled={save.isPending} data-testid="bo-article-save">
            {save.isPending ? 'Saving…' : id === null ? 'Create article' : 'Save'}
          </button>
        </div>
      </header>

      <SaveFailureAlert failure={failure} testId="bo-article-error" />

      <div className="editor-layout">
        <div className="stack">
          <div className="card card-padded">
            <div className="form-grid form-grid-meta">
              <Field label="Slug (optional)" error={errors.slug}>
                {(control) => (
                  <input
                    {...control}
                    value={draft.slug}
                    maxLength={80}
                    placeholder="how-margin-works"
                    onChange={(event) => change({ slug: event.target.value }, 'slug')}
                    data-testid="bo-article-slug"
                  />
                )}
              </Field>
              <Field label="Category" error={errors.category}>
                {(control) => (
                  <select
                    {...control}
                    value={draft.category}
                    onChange={(event) => change({ category: event.target.value as ArticleCategory }, 'category')}
                    data-testid="bo-article-category"
                  >
                    {ARTICLE_CATEGORIES.map((value) => (
                      <option key={value} value={value}>
                        {CATEGORY_LABELS[value]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Status" error={errors.status}>
                {(control) => (
                  <select
                    {...control}
                    value={draft.status}
                    onChange={(event) => change({ status: event.target.value as ArticleStatus }, 'status')}
                    data-testid="bo-article-status"
                  >
                    <option value="draft">Draft (not shown in the app)</option>
                    <option value="published">Published</option>
                  </select>
                )}
              </Field>
            </div>
            <div className="field">
              <span className="field-label">Cover image</span>
              <div className="cover-row">
                {draft.coverUrl ? (
                  <div className="cover-thumb">
                    <AuthImage url={draft.coverUrl} label="Cover" />
                  </div>
                ) : (
                  <span className="muted small">No cover.</span>
                )}
                <label className={`btn btn-small${cover.uploading ? ' disabled' : ''}`}>
                  {cover.uploading ? 'Uploading…' : draft.coverUrl ? 'Replace' : 'Upload'}
                  <span className="visually-hidden"> cover image</span>
                  <input
                    type="file"
                    accept="image/*"
                    className="visually-hidden"
                    disabled={cover.uploading}
                    data-testid="bo-article-cover-input"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) void onCover(file);
                    }}
                  />
                </label>
                {draft.coverUrl && (
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => change({ coverUrl: null }, 'coverUrl')}>
                    Remove
                  </button>
                )}
              </div>
              <FieldError message={cover.error ?? errors.coverUrl} />
            </div>
          </div>

          <div className="card">
            <div className="tabs" role="tablist" aria-label="Languages">
              {ARTICLE_LOCALES.map((l) => {
                const present = draft.texts[l.locale] !== null;
                const hasError = Object.keys(errors).some((f) => f.startsWith(`texts.${l.locale}`));
                return (
                  <button
                    key={l.locale}
                    type="button"
                    role="tab"
                    id={`article-tab-${l.locale}`}
                    aria-selected={l.locale === locale}
                    aria-controls="article-tab-panel"
                    className={`tab${l.locale === locale ? ' tab-active' : ''}${present ? '' : ' tab-missing'}`}
                    onClick={() => setLocale(l.locale)}
                    data-testid={`bo-article-tab-${l.locale}`}
                  >
                    {l.label}
                    {l.locale === 'en' ? <span className="tab-note">required</span> : !present && <span className="tab-note">not written</span>}
                    {hasError && (
                      <>
                        <span className="tab-error-dot" aria-hidden="true" />
                        <span className="visually-hidden">(has errors)</span>
                      </>
                    )}
                  </button>
                );
              })}
            </div>
            <div className="tab-panel" role="tabpanel" id="article-tab-panel" aria-labelledby={`article-tab-${locale}`}>
              {current === null ? (
                <div className="language-missing">
                  <p className="muted">
                    No {localeInfo.label} version. Readers whose language is {localeInfo.label} see the English text.
                  </p>
                  <button type="button" className="btn" onClick={addLanguage} data-testid="bo-article-add-language">
                    {removed[locale] ? `Restore the removed ${localeInfo.label} text` : `Write the ${localeInfo.label} version`}
                  </button>
                </div>
              ) : (
                <>
                  <Field label="Title" error={errors[`texts.${locale}.title`]}>
                    {(control) => (
                      <input
                        {...control}
                        value={current.title}
                        maxLength={200}
                        onChange={(event) => changeText('title', event.target.value)}
                        data-testid="bo-article-title"
                      />
                    )}
                  </Field>
                  <Field label="Summary (shown in lists)" error={errors[`texts.${locale}.summary`]}>
                    {(control) => (
                      <textarea
                        {...control}
                        rows={2}
                        className="textarea-short"
                        value={current.summary}
                        maxLength={500}
                        onChange={(event) => changeText('summary', event.target.value)}
                        data-testid="bo-article-summary"
                      />
                    )}
                  </Field>
                  <BodyField value={current.body} onChange={(value) => changeText('body', value)} error={errors[`texts.${locale}.body`]} />
                  {locale !== 'en' && (
                    <button type="button" className="btn btn-small btn-danger-outline" onClick={removeLanguage} data-testid="bo-article-remove-language">
                      Remove this language
                    </button>
                  )}
                </>
              )}
            </div>
          </div>
        </div>

        <PreviewPanel
          key={locale}
          language={localeInfo.label}
          lang={current === null ? 'en' : LANG_TAGS[locale]}
          text={current ?? draft.texts.en}
          fallback={current === null}
        />
      </div>

      {deleting && article && (
        <ConfirmDialog
          title="Delete article"
          confirmLabel="Delete article"
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => setDeleting(false)}
        >
          <p>
            <strong>{article.texts.en.title}</strong> and all its languages will be deleted. Readers will no longer find it. To only hide it, set it to Draft
            instead.
          </p>
        </ConfirmDialog>
      )}
      <LeaveDialog blocker={blocker}>
        <p>The changes to this article are not saved.</p>
      </LeaveDialog>
    </section>
  );
}

export function ArticleEditorPage() {
  const { id, valid } = useEditorRoute();
  const article = useQuery({ ...articleQueryOptions(id ?? 0), enabled: id !== null && valid });

  if (id === null) return <ArticleForm article={null} />;
  const back = (
    <Link to="/articles" className="back-link">
      ‹ Articles
    </Link>
  );
  if (!valid) {
    return (
      <PageState back={back}>
        <Empty>No such article.</Empty>
      </PageState>
    );
  }
  if (article.isPending || article.isError) {
    return (
      <PageState back={back}>
        <QueryState query={article} loadingLabel="Loading article…" />
      </PageState>
    );
  }
  return <ArticleForm key={article.data.id} article={article.data} />;
}
