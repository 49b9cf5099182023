// A step of the profile editor: a titled region ("Step 2 of 7", its title and what it is for) that the step list and
// the completeness meter move focus to.
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PROFILE_SECTIONS, type ProfileSectionId } from '../lib/profile-completeness.ts';

/** The element id of a step's region, for the step list's and the meter's links. */
export const sectionElementId = (section: ProfileSectionId) => `profile-section-${section}`;

export function SectionCard({ section, children }: { section: ProfileSectionId; children: ReactNode }) {
  const { t } = useTranslation('members');
  const id = sectionElementId(section);
  return (
    <Card
      as="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="profile-section border-0 shadow-sm"
    >
      <Card.Body className="p-3 p-md-4">
        <p className="profile-step-count small text-body-secondary mb-1">
          {t('profileForm.stepOf', {
            number: PROFILE_SECTIONS.indexOf(section) + 1,
            total: PROFILE_SECTIONS.length,
          })}
        </p>
        <h2 id={`${id}-title`} className="h4 mb-1">
          {t(`profileForm.sections.${section}.title`)}
        </h2>
        <p className="profile-section-description text-body-secondary small mb-3">
          {t(`profileForm.sections.${section}.description`)}
        </p>
        {children}
      </Card.Body>
    </Card>
  );
}
