import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, riseFallColor } from '../../lib/format';
import { RISE_SETTINGS, setRise, setTheme, THEME_SETTINGS, useAppearance, type RiseSetting, type ThemeSetting } from '../../lib/theme';

const THEME_LABEL = { light: 'settings.themeLight', dark: 'settings.themeDark', system: 'settings.themeSystem' } as const;
const RISE_LABEL = { green: 'settings.riseGreen', red: 'settings.riseRed' } as const;

/** One row of choices: a label over a switch whose segments are radio buttons. */
function Choices<T extends string>({
  label,
  options,
  value,
  labelOf,
  testId,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  labelOf: (option: T) => string;
  testId: string;
  onChange: (option: T) => void;
}) {
  const id = useId();
  return (
    <div className="settings-choices">
      <div className="settings-choices-label" id={id}>
        {label}
      </div>
      <div className="lang-switch" role="radiogroup" aria-labelledby={id} data-testid={testId}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            className={value === option ? 'active' : undefined}
            data-testid={`${testId}-${option}`}
            onClick={() => onChange(option)}
          >
            {labelOf(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Settings, "Appearance": light, dark or the system's theme, and which colour a rise is, both kept
 * on this device (lib/theme.ts). A rise and a fall show under the second choice in its colours.
 */
export function AppearanceCard() {
  const { t } = useTranslation();
  const appearance = useAppearance();
  return (
    <section className="card settings-appearance" data-testid="settings-appearance">
      <Choices<ThemeSetting>
        label={t('settings.theme')}
        options={THEME_SETTINGS}
        value={appearance.theme}
        labelOf={(option) => t(THEME_LABEL[option])}
        testId="settings-theme"
        onChange={setTheme}
      />
      <Choices<RiseSetting>
        label={t('settings.priceColours')}
        options={RISE_SETTINGS}
        value={appearance.rise}
        labelOf={(option) => t(RISE_LABEL[option])}
        testId="settings-rise"
        onChange={setRise}
      />
      <div className="settings-rise-sample">
        <span style={{ color: riseFallColor('1') }} data-testid="settings-rise-sample-up">
          ▲ {formatPercent('1.25')}
        </span>
        <span style={{ color: riseFallColor('-1') }} data-testid="settings-rise-sample-down">
          ▼ {formatPercent('-0.84')}
        </span>
      </div>
    </section>
  );
}
