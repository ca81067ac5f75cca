import './area.css';
import type { ResponseOf, Routes } from '@tradeapp/contract';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CheckOutline, CloseOutline, DownOutline, SearchOutline } from 'antd-mobile-icons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { errorAria, Field } from './Field';

export type Area = ResponseOf<Routes['areaList']>[number];

const DAY = 24 * 60 * 60_000;

/** Countries and regions named in the UI language; the list hardly ever changes. */
export function areasQuery(language: string) {
  return queryOptions({
    queryKey: ['content', 'areas', language] as const,
    queryFn: ({ signal }) => call('areaList', {}, { signal, silent: true }),
    staleTime: DAY,
    gcTime: DAY,
  });
}

/** The localised name of an ISO code ("NL" -> "Netherlands" / "Nederland" / "荷兰"); the code until the list is here. */
export function useAreaName(code: string | null | undefined): string {
  const { i18n } = useTranslation();
  const areas = useQuery({ ...areasQuery(i18n.language), enabled: Boolean(code) });
  if (!code) return '';
  return areas.data?.find((area) => area.code === code)?.name ?? code;
}

/** Case and accent blind: "curacao" finds "Curaçao", "neth" finds "Netherlands". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function filterAreas(areas: readonly Area[], query: string): Area[] {
  const q = fold(query.trim());
  if (!q) return [...areas];
  const starts: Area[] = [];
  const contains: Area[] = [];
  for (const area of areas) {
    const names = [fold(area.name), fold(area.nameEn)];
    if (area.code.toLowerCase() === q || names.some((n) => n.startsWith(q))) starts.push(area);
    else if (names.some((n) => n.includes(q)) || (area.dialCode !== null && q.replace(/^\+/, '') === area.dialCode)) contains.push(area);
  }
  return [...starts, ...contains];
}

interface AreaPopupProps {
  visible: boolean;
  value: string | undefined;
  onSelect: (code: string) => void;
  onClose: () => void;
}

/** The searchable list in a bottom sheet; picking an entry closes it. */
function AreaPopup({ visible, value, onSelect, onClose }: AreaPopupProps) {
  const { t, i18n } = useTranslation();
  const areas = useQuery({ ...areasQuery(i18n.language), enabled: visible });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterAreas(areas.data ?? [], deferred), [areas.data, deferred]);

  let list;
  if (areas.isPending)
    list = (
      <div className="empty-state compact">
        <DotLoading color="primary" />
      </div>
    );
  else if (areas.isError)
    list = (
      <div className="area-message">
        <span>{t('area.loadFailed')}</span>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void areas.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (shown.length === 0) list = <div className="area-message">{t('area.noMatch', { q: deferred.trim() })}</div>;
  else
    list = (
      <ul className="area-list" role="listbox" aria-label={t('area.title')}>
        {shown.map((area) => (
          <li key={area.code} role="option" aria-selected={area.code === value}>
            <button
              type="button"
              className={area.code === value ? 'area-option selected' : 'area-option'}
              data-testid={`area-option-${area.code}`}
              onClick={() => onSelect(area.code)}
            >
              <span className="area-option-name">{area.name}</span>
              {area.name !== area.nameEn && <span className="area-option-en">{area.nameEn}</span>}
              {area.code === value && <CheckOutline className="area-option-check" />}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} afterClose={() => setQuery('')} bodyClassName="sheet area-sheet" destroyOnClose>
      <div className="area-head">
        <strong>{t('area.title')}</strong>
        <button type="button" className="area-close" aria-label={t('chat.close')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="area-search">
        <SearchOutline className="area-search-icon" />
        <input
          type="search"
          value={query}
          placeholder={t('area.search')}
          aria-label={t('area.search')}
          data-testid="area-search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="area-scroll">{list}</div>
    </Popup>
  );
}

interface AreaFieldProps {
  label: string;
  /** data-testid of the control that opens the list; its error is `${testId}-error`. */
  testId: string;
  value: string | undefined;
  onChange: (code: string) => void;
  /** A message key (from the schema or the server) or a sentence. */
  error?: string | undefined;
}

/** A form field whose value is an ISO 3166-1 alpha-2 code, picked from `/areaInfo/list`. */
export function AreaField({ label, testId, value, onChange, error }: AreaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const name = useAreaName(value);
  return (
    <Field id={id} label={label} error={error} testId={testId}>
      <button
        id={id}
        type="button"
        className="field-control area-field"
        data-testid={testId}
        data-value={value ?? ''}
        aria-haspopup="dialog"
        {...errorAria(id, error)}
        onClick={() => setOpen(true)}
      >
        <span className={value ? 'area-value' : 'area-placeholder'}>{value ? name : t('area.placeholder')}</span>
        <DownOutline className="area-caret" />
      </button>
      <AreaPopup
        visible={open}
        value={value}
        onClose={() => setOpen(false)}
        onSelect={(code) => {
          setOpen(false);
          onChange(code);
        }}
      />
    </Field>
  );
}
