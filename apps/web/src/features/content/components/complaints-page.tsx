// /complaints: a complaint (subject, description, optionally one of the member's orders) becomes a ticket, confirmed by mail.
import type { FormEvent } from 'react';
import { Alert, Container, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  complaintRequestSchema,
  emailSchema,
  TICKET_BODY_MAX_LENGTH,
  TICKET_SUBJECT_MAX_LENGTH,
  type ComplaintOrder,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useCreateComplaint } from '../api/create-complaint.ts';
import { useComplaintOrders } from '../api/get-complaint-orders.ts';
import '../content.css';

function useOrderLabel() {
  const { t, i18n } = useTranslation('content');
  return (order: ComplaintOrder) =>
    t('complaints.orderOption', {
      id: order.id,
      date: formatDate(order.created_at, { dateStyle: 'medium' }),
      credits: t('units.credits', { count: order.credits }),
      amount: formatMoney({ amount: order.amount_minor, currency: order.currency }, i18n.resolvedLanguage ?? 'en'),
    });
}

export function ComplaintsPage() {
  const { t } = useTranslation('content');
  const { data: user } = useUser();
  const orders = useComplaintOrders(Boolean(user));
  const complaint = useCreateComplaint();
  const orderLabel = useOrderLabel();
  const form = useFormValues({ email: '', subject: '', description: '', order: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email, subject, description, order } = form.values;
    const orderId = order ? Number(order) : null;
    // A member is answered at the account's address; a visitor must give one.
    const body = user
      ? form.validate(complaintRequestSchema, { subject, description, order: orderId })
      : form.validate(complaintRequestSchema.extend({ email: emailSchema }), { email, subject, description });
    if (body) complaint.mutate(body, { onError: (error) => form.showApiError(error) });
  };

  return (
    <Container className="content-page py-4 py-md-5">
      <PageTitle title={t('complaints.title')} />
      <div className="content-article mx-auto">
        <h1 className="mb-3">{t('complaints.title')}</h1>
        <p>{t('complaints.intro')}</p>
        <p className="text-body-secondary">
          {t('complaints.otherQuestions')}{' '}
          <Link to={paths.staticPage.getHref('service')}>{t('complaints.serviceLink')}</Link>
        </p>
        {complaint.isSuccess ? (
          <Alert variant="success" role="status">
            {t('complaints.sent', { reference: `#${complaint.data.ticket.id}`, email: complaint.data.ticket.email })}
          </Alert>
        ) : (
          <Form id={form.formId} noValidate onSubmit={onSubmit} aria-label={t('complaints.formLabel')} className="mt-4">
            <FormErrorAlert error={form.formError} />
            {user ? (
              <p className="text-body-secondary">{t('complaints.memberHint', { email: user.email })}</p>
            ) : (
              <FormField
                {...form.bind('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                label={t('form.email')}
                hint={t('complaints.emailHint')}
                isRequired
              />
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
              rows={7}
              label={t('complaints.description')}
              maxLength={TICKET_BODY_MAX_LENGTH}
              isRequired
            />
            {user && (orders.data?.length ?? 0) > 0 && (
              <FormSelect
                {...form.bind('order')}
                label={t('complaints.order')}
                placeholder={t('complaints.noOrder')}
                options={(orders.data ?? []).map((order) => ({ value: String(order.id), label: orderLabel(order) }))}
              />
            )}
            <SubmitButton variant="primary" isPending={complaint.isPending}>
              {t('complaints.submit')}
            </SubmitButton>
          </Form>
        )}
      </div>
    </Container>
  );
}
