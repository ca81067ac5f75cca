import { Button } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../lib/router';
import { markLaunched } from './guards';
import { TAB_ROUTES } from './paths';
import { LanguageSwitch } from '../ui/LanguageSwitch';

const SLIDES = [
  { title: 'guide.slide1Title', body: 'guide.slide1Body', art: 'globe' },
  { title: 'guide.slide2Title', body: 'guide.slide2Body', art: 'chart' },
  { title: 'guide.slide3Title', body: 'guide.slide3Body', art: 'shield' },
] as const;

function SlideArt({ kind }: { kind: (typeof SLIDES)[number]['art'] }) {
  if (kind === 'globe') {
    return (
      <svg viewBox="0 0 160 160" aria-hidden="true">
        <circle cx="80" cy="80" r="58" fill="none" stroke="#5B8CFF" strokeWidth="4" />
        <ellipse cx="80" cy="80" rx="26" ry="58" fill="none" stroke="#5B8CFF" strokeWidth="3" />
        <path d="M24 62h112M24 98h112" stroke="#5B8CFF" strokeWidth="3" />
        <circle cx="122" cy="44" r="10" fill="#21E57B" />
      </svg>
    );
  }
  if (kind === 'chart') {
    return (
      <svg viewBox="0 0 160 160" aria-hidden="true">
        <rect x="26" y="86" width="16" height="40" rx="3" fill="#FD005C" />
        <rect x="54" y="64" width="16" height="62" rx="3" fill="#21E57B" />
        <rect x="82" y="76" width="16" height="50" rx="3" fill="#FD005C" />
        <rect x="110" y="40" width="16" height="86" rx="3" fill="#21E57B" />
        <path d="M22 70 L62 50 L90 62 L136 26" stroke="#5B8CFF" strokeWidth="4" fill="none" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 160 160" aria-hidden="true">
      <path d="M80 22 L128 40 V80 C128 108 106 128 80 138 C54 128 32 108 32 80 V40 Z" fill="none" stroke="#5B8CFF" strokeWidth="4" />
      <path d="M60 80 L74 94 L102 64" stroke="#21E57B" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * First-launch onboarding: three slides, Skip or Start; afterwards `/` goes to home. The slides
 * are a scroll-snapping strip (swiped by the browser itself) rather than antd-mobile's Swiper,
 * whose gesture and animation libraries would weigh more than the rest of the page.
 */
export default function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const last = index === SLIDES.length - 1;

  const finish = () => {
    markLaunched();
    void navigate(TAB_ROUTES.home, { replace: true });
  };

  return (
    <div className="guide">
      <div className="guide-top">
        <LanguageSwitch compact tone="dark" />
        <button type="button" className="guide-skip" data-testid="guide-skip" onClick={finish}>
          {t('guide.skip')}
        </button>
      </div>
      <div
        ref={strip}
        className="guide-swiper"
        // A scrolled strip is reached and moved by keyboard too (the arrow keys scroll it), named by its slide.
        tabIndex={0}
        role="region"
        aria-labelledby={`guide-title-${index}`}
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          if (clientWidth > 0) setIndex(Math.min(SLIDES.length - 1, Math.max(0, Math.round(scrollLeft / clientWidth))));
        }}
      >
        {SLIDES.map((slide, i) => (
          <div key={slide.title} className="guide-item" aria-hidden={i !== index}>
            <div className="guide-slide">
              <div className="guide-art">
                <SlideArt kind={slide.art} />
              </div>
              <h1 id={`guide-title-${i}`}>{t(slide.title)}</h1>
              <p>{t(slide.body)}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="guide-bottom">
        <div className="guide-dots" aria-hidden="true">
          {SLIDES.map((slide, i) => (
            <span key={slide.title} className={i === index ? 'dot active' : 'dot'} />
          ))}
        </div>
        {last ? (
          <Button block color="primary" size="large" shape="rounded" data-testid="guide-start" onClick={finish}>
            {t('guide.start')}
          </Button>
        ) : (
          <Button
            block
            fill="outline"
            size="large"
            shape="rounded"
            style={{ '--text-color': '#fff', '--border-color': 'rgba(255,255,255,.55)', '--background-color': 'transparent' }}
            data-testid="guide-next"
            onClick={() => {
              const next = Math.min(index + 1, SLIDES.length - 1);
              setIndex(next);
              const el = strip.current;
              el?.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
            }}
          >
            {t('guide.next')}
          </Button>
        )}
        <p className="guide-note">{t('app.simulatedNote')}</p>
      </div>
    </div>
  );
}
