// The profile-completeness meter: how complete the saved profile is (a labelled progressbar), and the next thing to add
// as a button that opens that step; beside it the list of steps, the current one marked, each marked done or not.
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons.tsx';
import {
  ABOUT_ME_MIN_LENGTH,
  INTERESTS_MIN,
  PROFILE_SECTIONS,
  type Completeness,
  type ProfileSectionId,
} from '../lib/profile-completeness.ts';

/** Items whose text names a number (with its plural form). */
const ITEM_COUNTS: Record<string, { count: number }> = {
  aboutMe: { count: ABOUT_ME_MIN_LENGTH },
  interests: { count: INTERESTS_MIN },
};

export function CompletenessMeter({
  completeness,
  onGoTo,
}: {
  completeness: Completeness;
  onGoTo: (section: ProfileSectionId) => void;
}) {
  const { t, i18n } = useTranslation('members');
  const { percent, next } = completeness;
  const valueText = t('completeness.valueText', { percent });
  return (
    <section
      className="profile-meter card border-0 shadow-sm"
      aria-labelledby="profile-meter-title"
      data-testid="profile-completeness"
    >
      <div className="card-body p-3 p-md-4">
        <div className="d-flex align-items-baseline justify-content-between gap-2 mb-2">
          <h2 id="profile-meter-title" className="h6 mb-0">
            {t('completeness.title')}
          </h2>
          <span className="profile-meter-percent" aria-hidden="true">
            {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}
          </span>
        </div>
        <div
          className="progress profile-meter-bar"
          role="progressbar"
          aria-label={t('completeness.label')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={valueText}
        >
          <div className={`progress-bar ${percent === 100 ? 'bg-success' : ''}`} style={{ width: `${percent}%` }} />
        </div>
        {next ? (
          <div className="profile-meter-next mt-3">
            <p className="small text-body-secondary mb-1" id="profile-meter-next-label">
              {t('completeness.next')}
            </p>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm profile-meter-action"
              onClick={() => onGoTo(next.section)}
              aria-describedby="profile-meter-next-label"
            >
              <span>{t(`completeness.items.${next.key}`, ITEM_COUNTS[next.key])}</span>
              <span className="badge text-bg-primary ms-2">{t('completeness.gain', { percent: next.gain })}</span>
            </button>
          </div>
        ) : (
          <p className="small text-success-emphasis fw-semibold mt-3 mb-0">{t('completeness.done')}</p>
        )}
      </div>
    </section>
  );
}

/** The steps in order: the current one marked, each marked complete when none of its counted items is missing. */
export function SectionNav({
  completeness,
  current,
  onGoTo,
}: {
  completeness: Completeness;
  current: ProfileSectionId;
  onGoTo: (section: ProfileSectionId) => void;
}) {
  const { t } = useTranslation('members');
  return (
    <nav aria-label={t('profileForm.sectionsNav')} className="profile-section-nav">
      <ol className="list-unstyled mb-0">
        {PROFILE_SECTIONS.map((section, index) => {
          const items = completeness.items.filter((item) => item.section === section);
          const isComplete = items.length > 0 && items.every((item) => item.isDone);
          const isCurrent = section === current;
          return (
            <li key={section}>
              <a
                href={`?step=${section}`}
                className={`profile-section-link ${isCurrent ? 'is-current' : ''}`}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onGoTo(section);
                }}
              >
                <span className="profile-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{t(`profileForm.sections.${section}.title`)}</span>
                {isComplete && (
                  <span className="profile-section-done">
                    <CheckIcon size={14} />
                    <span className="visually-hidden">{t('completeness.sectionDone')}</span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
