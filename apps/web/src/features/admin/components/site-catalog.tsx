// Under a site's settings (admins): its credit bundles per currency and its discount codes; add one (checked by
// the shared contract), or switch one on or off.
import type { FormEvent, ReactNode } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { adminBundleInputSchema, adminDiscountCodeInputSchema, fromMajorUnits } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { bundleInput, useSaveBundle } from '../api/save-bundle.ts';
import { codeInput, useSaveCode } from '../api/save-code.ts';
import { useSiteBundles } from '../api/site-bundles.ts';
import { useSiteCodes } from '../api/site-codes.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';

export function SiteCatalog({ siteId, currency }: { siteId: number; currency: string }) {
  return (
    <>
      <BundlesSection siteId={siteId} currency={currency} />
      <CodesSection siteId={siteId} />
    </>
  );
}

/** One catalog list: its heading, the error of its switches, then the table and the add form. */
function CatalogSection({
  id,
  title,
  error,
  children,
}: {
  id: string;
  title: string;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border rounded p-3 mb-3">
      <h3 id={id} className="h6">
        {title}
      </h3>
      <FormErrorAlert error={error ? toAdminFormError(error) : null} />
      {children}
    </section>
  );
}

function SwitchButton({ isActive, disabled, onClick }: { isActive: boolean; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button size="sm" variant="outline-secondary" disabled={disabled} onClick={onClick}>
      {isActive ? t('catalog.switchOff') : t('catalog.switchOn')}
    </Button>
  );
}

function BundlesSection({ siteId, currency }: { siteId: number; currency: string }) {
  const { t, i18n } = useTranslation('admin');
  const bundles = useSiteBundles(siteId);
  // The switches of the rows; the add form has its own request.
  const saveBundle = useSaveBundle(siteId);
  return (
    <CatalogSection id="site-bundles-title" title={t('catalog.bundles')} error={saveBundle.error}>
      <DataTable
        caption={t('catalog.bundles')}
        className="small"
        rows={bundles.data?.bundles ?? []}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'credits',
            header: t('catalog.credits'),
            cell: (row) => (
              <>
                {row.credits} {row.is_popular && <Badge bg="info">{t('catalog.popular')}</Badge>}
              </>
            ),
          },
          {
            key: 'price',
            header: t('catalog.price'),
            cell: (row) => formatMoney({ amount: row.price_minor, currency: row.currency }, i18n.language),
          },
          {
            key: 'state',
            header: t('catalog.state'),
            cell: (row) => (row.is_active ? t('catalog.active') : t('catalog.inactive')),
          },
          {
            key: 'actions',
            header: t('sites.columns.actions'),
            isHeaderHidden: true,
            className: 'text-end',
            cell: (row) => (
              <SwitchButton
                isActive={row.is_active}
                disabled={saveBundle.isPending}
                onClick={() => saveBundle.mutate({ ...bundleInput(row), id: row.id, is_active: !row.is_active })}
              />
            ),
          },
        ]}
      />
      <BundleForm siteId={siteId} currency={currency} />
    </CatalogSection>
  );
}

function CodesSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin');
  const codes = useSiteCodes(siteId);
  // The switches of the rows; the add form has its own request.
  const saveCode = useSaveCode(siteId);
  return (
    <CatalogSection id="site-codes-title" title={t('catalog.codes')} error={saveCode.error}>
      <DataTable
        caption={t('catalog.codes')}
        className="small"
        rows={codes.data?.discount_codes ?? []}
        rowKey={(row) => row.id}
        columns={[
          { key: 'code', header: t('catalog.code'), cell: (row) => <code>{row.code}</code> },
          { key: 'percentage', header: t('catalog.percentage'), cell: (row) => `${row.value_percentage}%` },
          {
            key: 'expires',
            header: t('catalog.expires'),
            cell: (row) => (row.expires_at ? formatDate(row.expires_at, { dateStyle: 'short' }) : '—'),
          },
          {
            key: 'state',
            header: t('catalog.state'),
            cell: (row) => (row.status === 'active' ? t('catalog.active') : t('catalog.inactive')),
          },
          {
            key: 'actions',
            header: t('sites.columns.actions'),
            isHeaderHidden: true,
            className: 'text-end',
            cell: (row) => (
              <SwitchButton
                isActive={row.status === 'active'}
                disabled={saveCode.isPending}
                onClick={() =>
                  saveCode.mutate({
                    ...codeInput(row),
                    id: row.id,
                    status: row.status === 'active' ? 'disabled' : 'active',
                  })
                }
              />
            ),
          },
        ]}
      />
      <CodeForm siteId={siteId} />
    </CatalogSection>
  );
}

/** A bundle: currency, credits and the price typed in major units (as many decimals as the currency has). */
function BundleForm({ siteId, currency }: { siteId: number; currency: string }) {
  const { t } = useTranslation('admin');
  const save = useSaveBundle(siteId);
  // Named as the contract names them, so its errors land at the fields; `price_minor` is typed in major units.
  const form = useFormValues({ currency, credits: '', price_minor: '' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bundleCurrency = form.values.currency.trim().toUpperCase();
    const body = form.validate(adminBundleInputSchema, {
      currency: bundleCurrency,
      credits: form.values.credits.trim() ? Number(form.values.credits) : Number.NaN,
      price_minor: fromMajorUnits(form.values.price_minor, bundleCurrency) ?? Number.NaN,
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => form.setValues((current) => ({ ...current, credits: '', price_minor: '' })),
      onError: (error) => form.showApiError(error),
    });
  };
  return (
    <Form id={form.formId} noValidate onSubmit={submit} aria-label={t('catalog.addBundle')}>
      <FormErrorAlert error={adminFormError(form.formError)} />
      <Row className="g-2 align-items-end">
        <Col xs={4} md={3}>
          <FormField {...form.bind('currency')} label={t('catalog.currency')} maxLength={3} className="mb-0" />
        </Col>
        <Col xs={4} md={3}>
          <FormField
            {...form.bind('credits')}
            label={t('catalog.credits')}
            type="number"
            inputMode="numeric"
            className="mb-0"
          />
        </Col>
        <Col xs={4} md={3}>
          <FormField {...form.bind('price_minor')} label={t('catalog.price')} inputMode="decimal" className="mb-0" />
        </Col>
        <Col xs={12} md={3}>
          <SubmitButton variant="outline-primary" className="w-100" isPending={save.isPending}>
            {t('catalog.addBundle')}
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}

/** A discount code: the code, its percentage and an optional last day. */
function CodeForm({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin');
  const save = useSaveCode(siteId);
  const form = useFormValues({ code: '', value_percentage: '', expires_at: '' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { code, value_percentage: percentage, expires_at: expires } = form.values;
    const body = form.validate(adminDiscountCodeInputSchema, {
      code,
      value_percentage: percentage.trim() ? Number(percentage) : Number.NaN,
      expires_at: expires ? new Date(expires).toISOString() : null,
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => form.setValues({ code: '', value_percentage: '', expires_at: '' }),
      onError: (error) => form.showApiError(error),
    });
  };
  return (
    <Form id={form.formId} noValidate onSubmit={submit} aria-label={t('catalog.addCode')}>
      <FormErrorAlert error={adminFormError(form.formError)} />
      <Row className="g-2 align-items-end">
        <Col xs={12} md={3}>
          <FormField {...form.bind('code')} label={t('catalog.code')} maxLength={64} className="mb-0" />
        </Col>
        <Col xs={6} md={3}>
          <FormField
            {...form.bind('value_percentage')}
            label={t('catalog.percentage')}
            type="number"
            inputMode="numeric"
            className="mb-0"
          />
        </Col>
        <Col xs={6} md={3}>
          <FormField {...form.bind('expires_at')} label={t('catalog.expires')} type="date" className="mb-0" />
        </Col>
        <Col xs={12} md={3}>
          <SubmitButton variant="outline-primary" className="w-100" isPending={save.isPending}>
            {t('catalog.addCode')}
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}
