// The visitors' home page (route name index): the site's title and pitch beside real faces of its members, the signup
// call to action, trust signals (adults only, privacy, how credits work), new members, how it works.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard as ProfileCardData } from '@app/contracts';
import { paths } from '../../config/paths.ts';
import { CoinsIcon, HeartIcon, LockIcon, ShieldIcon } from '../../components/icons.tsx';
import { useSettings } from '../../lib/settings/get-settings.ts';
import { SignupLink } from '../../components/signup-link.tsx';
import { MemberPhoto } from '../../components/member-photo.tsx';
import { ProfileCard, ProfileCardGrid, ProfileCardGridItem } from '../../components/profile-card.tsx';
import { useHomeMembers } from './api/get-home-members.ts';
import './home.css';

/** Faces in the hero mosaic; the members after them are the "new members" cards. */
const HERO_FACES = 6;
/** The cards section shows only with at least this many members (a lonely card looks like an empty site). */
const MIN_CARDS = 4;

const TRUST: { key: string; icon: ReactNode }[] = [
  { key: 'adults', icon: <ShieldIcon size={24} /> },
  { key: 'privacy', icon: <LockIcon size={24} /> },
  { key: 'credits', icon: <CoinsIcon size={24} /> },
];

const STEPS = ['profile', 'discover', 'chat'] as const;

/** 1000 -> "1,000" / "1.000" / "1 000", as the page's language writes numbers. */
function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/**
 * The site's index_title and description come in the visitor's language (written per locale, docs/settings.md); where
 * the site has none in it, they are empty and the visitor reads the translated pitch instead (docs/members.md).
 */
function useSitePitch() {
  const { t } = useTranslation('members');
  const settings = useSettings();
  return {
    title: settings.index_title || t('home.title', { name: settings.name }),
    description: settings.description || t('home.description', { name: settings.name }),
  };
}

/** Six portrait tiles; faces when the site shows them, soft tiles of the same size while loading or when it does not. */
function FaceMosaic({ faces, isLoading }: { faces: ProfileCardData[]; isLoading: boolean }) {
  const tiles = Array.from({ length: HERO_FACES }, (_, index) => faces[index]);
  return (
    <div className="home-mosaic" aria-hidden="true">
      {tiles.map((face, index) => (
        <div key={face?.id ?? `tile-${index}`} className={`home-mosaic-tile ${isLoading ? 'placeholder-glow' : ''}`}>
          {face ? (
            <MemberPhoto image={face.main_image} alt="" isLazy={false} isPriority={index < 2} />
          ) : (
            <span className={`home-mosaic-empty ${isLoading ? 'placeholder' : ''}`}>
              {!isLoading && <HeartIcon size={28} />}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** Adults only, privacy, how credits work. */
function HomeTrust() {
  const { t: tm } = useTranslation('members');
  const settings = useSettings();
  return (
    <section className="home-trust container" aria-labelledby="home-trust-title">
      <h2 id="home-trust-title" className="visually-hidden">
        {tm('home.trustTitle')}
      </h2>
      <ul className="row g-3 g-lg-4 list-unstyled mb-0">
        {TRUST.map((item) => (
          <li key={item.key} className="col-12 col-md-4">
            <div className="home-trust-item h-100">
              <span className="home-trust-icon">{item.icon}</span>
              <div>
                <h3 className="h6 fw-bold mb-1">{tm(`home.trust.${item.key}.title`, { age: settings.min_age })}</h3>
                <p className="text-body-secondary small mb-0">
                  {tm(`home.trust.${item.key}.text`, { age: settings.min_age, name: settings.name })}
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The newest members after the hero's faces, with the way to all of them. */
function NewMembers({ cards }: { cards: ProfileCardData[] }) {
  const { t: tm } = useTranslation('members');
  const settings = useSettings();
  return (
    <section className="home-members container" aria-labelledby="home-members-title">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <div>
          <h2 id="home-members-title" className="home-section-title mb-1">
            {tm('home.membersTitle')}
          </h2>
          <p className="text-body-secondary mb-0">{tm('home.membersText', { name: settings.name })}</p>
        </div>
        <Link to={paths.members.getHref()} className="btn btn-outline-primary rounded-pill">
          {tm('home.seeAll')}
        </Link>
      </div>
      <ProfileCardGrid label={tm('home.membersTitle')} className="home-members-grid">
        {cards.map((card) => (
          <ProfileCardGridItem key={card.id}>
            <ProfileCard profile={card} to={paths.membersId.getHref(card.id)} />
          </ProfileCardGridItem>
        ))}
      </ProfileCardGrid>
    </section>
  );
}

/** How it works, in three steps. */
function HomeSteps() {
  const { t } = useTranslation();
  return (
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
  );
}

export function HomePage() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const pitch = useSitePitch();
  const members = useHomeMembers();
  const memberCount = members.data?.member_count ?? null;
  const faces = members.data?.profiles ?? [];
  const cards = faces.slice(HERO_FACES);

  return (
    <>
      <title>{pitch.title}</title>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-6">
              <div className="home-hero-content">
                <p className="home-hero-kicker">{t('home.kicker', { name: settings.name })}</p>
                <h1 id="home-title" className="home-hero-title">
                  {pitch.title}
                </h1>
                <p className="home-hero-lead">{pitch.description}</p>
                <div className="d-flex flex-wrap gap-2 mt-4">
                  <SignupLink className="btn btn-light btn-lg px-4 fw-semibold home-hero-signup">
                    {t('home.signUp')}
                  </SignupLink>
                  <Link to={paths.login.getHref()} className="btn btn-outline-light btn-lg px-4">
                    {t('home.logIn')}
                  </Link>
                </div>
                <p className="home-hero-note mt-3 mb-0">{t('home.adultsOnly', { age: settings.min_age })}</p>
              </div>
            </div>
            <div className="col-lg-6">
              <FaceMosaic faces={faces} isLoading={members.isPending} />
            </div>
          </div>
        </div>
      </section>

      <HomeTrust />

      {cards.length >= MIN_CARDS && <NewMembers cards={cards} />}

      <HomeSteps />

      <section className="home-cta container text-center" aria-labelledby="home-cta-title">
        <h2 id="home-cta-title" className="home-section-title mb-3">
          {t('home.ctaTitle')}
        </h2>
        <p className="text-body-secondary mb-4">
          {/* A number only when the site's real count backs it, rounded down (home-members.php's member_count). */}
          {memberCount
            ? t('home.ctaTextCount', {
                count: memberCount,
                amount: formatCount(memberCount, i18n.language),
                name: settings.name,
              })
            : t('home.ctaText', { name: settings.name })}
        </p>
        <SignupLink className="btn btn-primary btn-lg px-5">{t('home.ctaButton')}</SignupLink>
      </section>
    </>
  );
}
