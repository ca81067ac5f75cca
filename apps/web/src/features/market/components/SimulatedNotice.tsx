import { useTranslation } from 'react-i18next';

/** Every price in the app comes from the simulated market; this says so where prices are shown. */
export function SimulatedNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={compact ? 'simulated-notice compact' : 'simulated-notice'} data-testid="simulated-notice">
      <span className="simulated-dot" aria-hidden="true" />
      {t('market.simulatedNotice')}
    </p>
  );
}

/** The small "Simulated" tag of a quote header. */
export function SimulatedTag() {
  const { t } = useTranslation();
  return (
    <span className="tag tag-simulated" data-testid="simulated-tag">
      {t('market.simulated')}
    </span>
  );
}
