// The customer-service form of /pages/service: a visitor gives an e-mail address, a member is answered at the account's.
import type { FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  contactRequestSchema,
  emailSchema,
  TICKET_BODY_MAX_LENGTH,
  TICKET_NAME_MAX_LENGTH,
  TICKET_SUBJECT_MAX_LENGTH,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useCreateContact } from '../api/create-contact.ts';

export function ContactForm() {
  const { t } = useTranslation('content');
  const { data: user } = useUser();
  const contact = useCreateContact();
  const form = useFormValues({ name: '', email: '', subject: '', description: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { name, email, subject, description } = form.values;
    // A member is answered at the account's address; a visitor must give one.
    const body = user
      ? form.validate(contactRequestSchema, { subject, description })
      : form.validate(contactRequestSchema.extend({ email: emailSchema }), { name, email, subject, description });
    if (body) contact.mutate(body, { onError: (error) => form.showApiError(error) });
  };

  return (
    <section className="contact-form my-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="h4">
        {t('service.formTitle')}
      </h2>
      {contact.isSuccess ? (
        <Alert variant="success" role="status" className="mt-3">
          {t('service.sent', { reference: `#${contact.data.ticket.id}`, email: contact.data.ticket.email })}
        </Alert>
      ) : (
        <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
          <p className="text-body-secondary">
            {user ? t('service.memberIntro', { email: user.email }) : t('service.visitorIntro')}
          </p>
          <FormErrorAlert error={form.formError} />
          {!user && (
            <>
              <FormField
                {...form.bind('name')}
                label={t('form.name')}
                autoComplete="name"
                maxLength={TICKET_NAME_MAX_LENGTH}
              />
              <FormField
                {...form.bind('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                label={t('form.email')}
                isRequired
              />
            </>
          )}
          <FormField
            {...form.bind('subject')}
            label={t('form.subject')}
            maxLength={TICKET_SUBJECT_MAX_LENGTH}
            isRequired
          />
          <FormField
            {...form.bind('description')}
            as="textarea"
            rows={6}
            label={t('form.message')}
            maxLength={TICKET_BODY_MAX_LENGTH}
            isRequired
          />
          <SubmitButton variant="primary" isPending={contact.isPending}>
            {t('service.submit')}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
