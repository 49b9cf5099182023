// The visitors' home page (route name index): hero with the site's title and pitch, highlights and calls to action.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { ChatIcon, HeartIcon, SearchIcon, ShieldIcon } from '../../components/icons.tsx';
import { useSettings } from '../../lib/settings/get-settings.ts';
import { SignupLink } from '../../components/signup-link.tsx';

const HIGHLIGHTS: { key: string; icon: ReactNode }[] = [
  { key: 'search', icon: <SearchIcon size={28} /> },
  { key: 'match', icon: <HeartIcon size={28} /> },
  { key: 'chat', icon: <ChatIcon size={28} /> },
  { key: 'privacy', icon: <ShieldIcon size={28} /> },
];

const STEPS = ['profile', 'discover', 'chat'] as const;

export function HomePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <title>{settings.index_title || settings.name}</title>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container">
          <div className="home-hero-content">
            <p className="home-hero-kicker">{t('home.kicker', { name: settings.name })}</p>
            <h1 id="home-title" className="home-hero-title">
              {settings.index_title || settings.name}
            </h1>
            <p className="home-hero-lead">{settings.description}</p>
            <div className="d-flex flex-wrap gap-2 mt-4">
              <SignupLink className="btn btn-light btn-lg px-4 fw-semibold text-primary-emphasis">{t('home.signUp')}</SignupLink>
              <Link to={paths.login.getHref()} className="btn btn-outline-light btn-lg px-4">
                {t('home.logIn')}
              </Link>
            </div>
            <p className="home-hero-note mt-3 mb-0">{t('home.adultsOnly', { age: settings.min_age })}</p>
          </div>
        </div>
      </section>

      <section className="home-highlights container" aria-labelledby="home-highlights-title">
        <h2 id="home-highlights-title" className="home-section-title">
          {t('home.highlightsTitle', { name: settings.name })}
        </h2>
        <ul className="row g-3 g-lg-4 list-unstyled mb-0">
          {HIGHLIGHTS.map((highlight) => (
            <li key={highlight.key} className="col-12 col-sm-6 col-lg-3">
              <div className="home-highlight card h-100 border-0 shadow-sm">
                <div className="card-body">
                  <span className="home-highlight-icon">{highlight.icon}</span>
                  <h3 className="h5 mt-3">{t(`home.highlights.${highlight.key}.title`)}</h3>
                  <p className="text-body-secondary mb-0">{t(`home.highlights.${highlight.key}.text`)}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-steps" aria-labelledby="home-steps-title">
        <div className="container">
          <h2 id="home-steps-title" className="home-section-title">
            {t('home.stepsTitle')}
          </h2>
          <ol className="row g-4 list-unstyled mb-0">
            {STEPS.map((step, index) => (
              <li key={step} className="col-md-4 d-flex gap-3">
                <span className="home-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="h5">{t(`home.steps.${step}.title`)}</h3>
                  <p className="text-body-secondary mb-0">{t(`home.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-cta container text-center" aria-labelledby="home-cta-title">
        <h2 id="home-cta-title" className="home-section-title mb-3">
          {t('home.ctaTitle')}
        </h2>
        <p className="text-body-secondary mb-4">{t('home.ctaText', { name: settings.name })}</p>
        <SignupLink className="btn btn-primary btn-lg px-5">{t('home.ctaButton')}</SignupLink>
      </section>
    </>
  );
}
