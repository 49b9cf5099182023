// A section of the profile editor: a titled card (a named region the completeness meter can scroll to and focus), and,
// for sections with fields, their own form with its error summary, its "unsaved changes" mark, save button and status.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Badge, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import type { FieldErrors, FormError } from '../../../lib/form-errors.ts';
import type { ProfileSectionId } from '../lib/profile-completeness.ts';

/** The element id of a section, for the meter's and the section list's links. */
export const sectionElementId = (section: ProfileSectionId) => `profile-section-${section}`;

type SectionCardProps = { section: ProfileSectionId; children: ReactNode; badge?: ReactNode };

export function SectionCard({ section, children, badge }: SectionCardProps) {
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
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
          <h2 id={`${id}-title`} className="h4 mb-0">
            {t(`profileForm.sections.${section}.title`)}
          </h2>
          {badge}
        </div>
        <p className="profile-section-description text-body-secondary small mb-3">
          {t(`profileForm.sections.${section}.description`)}
        </p>
        {children}
      </Card.Body>
    </Card>
  );
}

type SectionFormProps = {
  section: ProfileSectionId;
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: FormError | null;
  fieldErrors: FieldErrors;
  isDirty: boolean;
  isSaved: boolean;
  isPending: boolean;
  children: ReactNode;
};

export function SectionForm({
  section,
  formId,
  onSubmit,
  formError,
  fieldErrors,
  isDirty,
  isSaved,
  isPending,
  children,
}: SectionFormProps) {
  const { t } = useTranslation('members');
  const hasFieldErrors = Object.values(fieldErrors).some(Boolean);
  return (
    <SectionCard
      section={section}
      badge={
        isDirty ? (
          <Badge bg="warning-subtle" text="warning-emphasis" className="profile-unsaved" data-testid="unsaved-changes">
            {t('profileForm.unsaved')}
          </Badge>
        ) : null
      }
    >
      <Form id={formId} noValidate onSubmit={onSubmit} aria-labelledby={`${sectionElementId(section)}-title`}>
        <FormErrorAlert error={formError} />
        {hasFieldErrors && (
          <Alert variant="danger" role="alert">
            {t('errors:validation_failed')}
          </Alert>
        )}
        {children}
        <div className="profile-section-footer d-flex flex-wrap align-items-center gap-3">
          <SubmitButton variant={isDirty ? 'primary' : 'outline-primary'} className="px-4" isPending={isPending}>
            {t(`profileForm.sections.${section}.save`)}
          </SubmitButton>
          <span role="status" className="text-success fw-semibold">
            {isSaved && !isDirty ? t('profileForm.saved') : ''}
          </span>
        </div>
      </Form>
    </SectionCard>
  );
}
