import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserRole, type RequestOf, type Routes } from '@tradeapp/contract';
import { useState, type SubmitEvent } from 'react';
import { ApiError, call, messageOf } from '../../api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FieldError } from '../../ui/FieldError';
import { fieldErrorsOf } from '../../ui/errors';
import { show } from '../../ui/format';
import { userQueryOptions, usersQueryOptions } from '../users';
import { useDebounced } from '../../ui/useDebounced';

// Operators' notices: one message to every investor or to one, among the investors' notices and pusheded
// to their open apps. English is required; a reader without their language gets the English text.

type NoticeInput = RequestOf<Routes['operatorNoticeSend']>;
type Target = NoticeInput['target'];

const LANGUAGES = [
  { key: 'en', label: 'English', required: true },
  { key: 'nl', label: 'Dutch', required: false },
  { key: 'zh_Hans_CN', label: 'Chinese', required: false },
] as const;
type LanguageKey = (typeof LANGUAGES)[number]['key'];
const TEST_SUFFIX: Record<LanguageKey, string> = { en: 'en', nl: 'nl', zh_Hans_CN: 'zh' };

type Texts = Record<LanguageKey, { title: string; body: string }>;
const EMPTY_TEXTS: Texts = { en: { title: '', body: '' }, nl: { title: '', body: '' }, zh_Hans_CN: { title: '', body: '' } };

/** "Title" with its language for a screen reader: "English title". */
function LanguageLabel({ language, children }: { language: string; children: string }) {
  return (
    <>
      <span className="visually-hidden">{language} </span>
      {children}
    </>
  );
}

/** Who a user number is, shown under the field before anything is sent. */
function Recipient({ raw, onPick }: { raw: string; onPick: (id: number) => void }) {
  const value = useDebounced(raw.trim(), 300);
  const numeric = /^\d+$/.test(value) ? Number(value) : null;
  const user = useQuery({ ...userQueryOptions(numeric ?? 0), enabled: numeric !== null && numeric > 0 });
  // Anything else is looked up as a name or an e-mail: the operator picks from what matches.
  const search = useQuery({ ...usersQueryOptions({ q: value, page: 1 }), enabled: value.length >= 2 && numeric === null });

  if (!value) return <span className="muted small">Enter the user’s number (the # on their page), or search by user ID or e-mail.</span>;
  if (numeric !== null) {
    if (user.isPending) return <span className="muted small">Looking up…</span>;
    if (user.isError) {
      const missing = user.error instanceof ApiError && user.error.code === 404;
      return <span className="field-error">{missing ? `No user #${value}.` : messageOf(user.error)}</span>;
    }
    const info = user.data.user;
    return (
      <span className="recipient" data-testid="bo-notice-recipient">
        <strong>{info.userId}</strong> · {info.email ?? 'no e-mail address'}
        {info.role === UserRole.Operator && <span className="field-error"> · an operator, not an investor</span>}
      </span>
    );
  }
  if (value.length < 2) return null;
  if (search.isPending) return <span className="muted small">Searching…</span>;
  if (search.isError) return <span className="field-error">{messageOf(search.error)}</span>;
  const matches = search.data.list.filter((u) => u.role !== UserRole.Operator).slice(0, 6);
  if (matches.length === 0) return <span className="field-error">No investor matches “{value}”.</span>;
  return (
    <ul className="recipient-matches">
      {matches.map((u) => (
        <li key={u.id}>
          <button type="button" className="link-btn" onClick={() => onPick(u.id)}>
            #{u.id} {u.userId}
          </button>
          <span className="muted small"> {show(u.email)}</span>
        </li>
      ))}
    </ul>
  );
}

export function NoticesPage() {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target>('all');
  const [userRaw, setUserRaw] = useState('');
  const [texts, setTexts] = useState<Texts>(EMPTY_TEXTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ sent: number; to: string } | null>(null);
  // The users list's total: every account a broadcast can reach, operators included (the list has no role filter).
  const audience = useQuery({ ...usersQueryOptions({ q: '', page: 1 }), enabled: target === 'all' });

  const send = useMutation({
    mutationFn: (input: NoticeInput) => call('operatorNoticeSend', input),
    onSuccess: (answer, input) => {
      setConfirming(false);
      setResult({ sent: answer.sent, to: input.target === 'all' ? 'all investors' : `user #${String(input.userId)}` });
      setTexts(EMPTY_TEXTS);
      void queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] });
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      // Field problems are shown on the form; the dialog only says the sending failed.
      if (Object.keys(fieldErrorsOf(error)).length > 0) setConfirming(false);
    },
  });

  function input(): NoticeInput {
    const pick = (key: 'title' | 'body') => ({
      en: texts.en[key],
      ...(texts.nl[key].trim() ? { nl: texts.nl[key] } : {}),
      ...(texts.zh_Hans_CN[key].trim() ? { zh_Hans_CN: texts.zh_Hans_CN[key] } : {}),
    });
    const userId = Number(userRaw.trim());
    return {
      target,
      ...(target === 'user' ? { userId: Number.isInteger(userId) && userId > 0 ? userId : undefined } : {}),
      title: pick('title'),
      body: pick('body'),
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    send.reset();
    const missing: Record<string, string> = {};
    if (!texts.en.title.trim()) missing['title.en'] = 'Please fill in the English title';
    if (!texts.en.body.trim()) missing['body.en'] = 'Please fill in the English text';
    if (target === 'user' && !/^\d+$/.test(userRaw.trim())) missing.userId = 'Enter the number of the user';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    if (target === 'all') setConfirming(true);
    else send.mutate(input());
  }

  function changeText(key: LanguageKey, field: 'title' | 'body', value: string) {
    setTexts((current) => ({ ...current, [key]: { ...current[key], [field]: value } }));
    setErrors(({ [`${field}.${key}`]: _gone, ...rest }) => rest);
  }

  const generalError = send.isError && Object.keys(errors).length === 0 && !confirming ? messageOf(send.error) : null;

  return (
    <section className="page page-narrow" data-testid="bo-notices">
      <header className="page-header">
        <div>
          <h1>Notices</h1>
          <p className="muted">A notice to investors, pushed to the app when it is open. It cannot be taken back once sent.</p>
        </div>
      </header>

      {result && (
        <div className="alert alert-success" role="status" data-testid="bo-notice-result">
          Sent to {result.sent} {result.sent === 1 ? 'investor' : 'investors'} ({result.to}).
        </div>
      )}
      {generalError && (
        <div className="alert alert-error" role="alert" data-testid="bo-notice-error">
          {generalError}
        </div>
      )}

      <form className="card card-padded" onSubmit={onSubmit} noValidate>
        <fieldset className="field radio-group">
          <legend className="field-label">Recipients</legend>
          <label className="radio">
            <input type="radio" name="target" checked={target === 'all'} onChange={() => setTarget('all')} data-testid="bo-notice-target-all" />
            All investors
          </label>
          <label className="radio">
            <input type="radio" name="target" checked={target === 'user'} onChange={() => setTarget('user')} data-testid="bo-notice-target-user" />
            One investor
          </label>
        </fieldset>

        {target === 'user' && (
          <div className="field">
            <label className="field-label" htmlFor="notice-user">
              User
            </label>
            <input
              id="notice-user"
              className="input-medium"
              value={userRaw}
              maxLength={100}
              placeholder="e.g. 42"
              onChange={(event) => {
                setUserRaw(event.target.value);
                setErrors(({ userId: _gone, ...rest }) => rest);
              }}
              aria-invalid={errors.userId ? true : undefined}
              aria-describedby={errors.userId ? 'notice-user-recipient notice-user-error' : 'notice-user-recipient'}
              data-testid="bo-notice-user"
            />
            <div id="notice-user-recipient" aria-live="polite">
              <Recipient raw={userRaw} onPick={(id) => setUserRaw(String(id))} />
            </div>
            <FieldError id="notice-user-error" message={errors.userId} />
          </div>
        )}

        <div className="language-columns">
          {LANGUAGES.map((language) => (
            <div key={language.key} className="notice-language">
              <h2 className="notice-language-title">
                {language.label}
                <span className="language-note">{language.required ? 'required' : 'optional: English is shown when empty'}</span>
              </h2>
              {/* Named with their language: "English title", as three Title fields would be alike. */}
              <Field label={<LanguageLabel language={language.label}>Title</LanguageLabel>} error={errors[`title.${language.key}`]}>
                {(control) => (
                  <input
                    {...control}
                    value={texts[language.key].title}
                    maxLength={120}
                    onChange={(event) => changeText(language.key, 'title', event.target.value)}
                    data-testid={`bo-notice-title-${TEST_SUFFIX[language.key]}`}
                  />
                )}
              </Field>
              <Field label={<LanguageLabel language={language.label}>Text</LanguageLabel>} error={errors[`body.${language.key}`]}>
                {(control) => (
                  <textarea
                    {...control}
                    rows={5}
                    value={texts[language.key].body}
                    maxLength={2000}
                    onChange={(event) => changeText(language.key, 'body', event.target.value)}
                    data-testid={`bo-notice-body-${TEST_SUFFIX[language.key]}`}
                  />
                )}
              </Field>
            </div>
          ))}
        </div>

        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={send.isPending} data-testid="bo-notice-send">
            {send.isPending ? 'Sending…' : target === 'all' ? 'Send to all investors…' : 'Send'}
          </button>
        </div>
      </form>

      {confirming && (
        <ConfirmDialog
          title="Send to all investors"
          confirmLabel="Send notice"
          pending={send.isPending}
          error={send.error}
          onConfirm={() => send.mutate(input())}
          onClose={() => {
            setConfirming(false);
            send.reset();
          }}
        >
          <p data-testid="bo-notice-audience">
            <strong>“{texts.en.title}”</strong> goes to the notices of every investor:{' '}
            {audience.data ? `up to ${audience.data.total} ${audience.data.total === 1 ? 'account' : 'accounts'}` : 'counting…'} (the count includes operators’
            accounts). It cannot be taken back.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
