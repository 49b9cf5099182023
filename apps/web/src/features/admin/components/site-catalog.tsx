// Under a site's settings (admins): its credit bundles per currency and its discount codes; add one (checked by
// the shared contract), or switch one on or off.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { adminBundleInputSchema, adminDiscountCodeInputSchema, fromMajorUnits, minorDigits } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toFieldErrors, translateError, type FieldErrors } from '../../../lib/form-errors.ts';
import { bundleInput, codeInput, useSaveBundle, useSaveCode, useSiteBundles, useSiteCodes } from '../api/catalog.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: { code: string } | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      {children}
      {error && <div className="invalid-feedback d-block">{translateError(t, error)}</div>}
    </Form.Group>
  );
}

export function SiteCatalog({ siteId, currency }: { siteId: number; currency: string }) {
  const { t, i18n } = useTranslation('admin');
  const bundles = useSiteBundles(siteId);
  const codes = useSiteCodes(siteId);
  const saveBundle = useSaveBundle(siteId);
  const saveCode = useSaveCode(siteId);
  const [bundle, setBundle] = useState({ currency, credits: '', price: '' });
  const [code, setCode] = useState({ code: '', percentage: '', expires: '' });
  const [bundleErrors, setBundleErrors] = useState<FieldErrors>({});
  const [codeErrors, setCodeErrors] = useState<FieldErrors>({});

  const addBundle = (event: FormEvent) => {
    event.preventDefault();
    const bundleCurrency = bundle.currency.trim().toUpperCase();
    const parsed = adminBundleInputSchema.safeParse({
      currency: bundleCurrency,
      credits: Number(bundle.credits),
      price_minor: fromMajorUnits(bundle.price, bundleCurrency) ?? Number.NaN,
    });
    if (!parsed.success) return setBundleErrors(toFieldErrors(parsed.error.issues));
    setBundleErrors({});
    saveBundle.mutate(parsed.data, {
      onSuccess: () => setBundle({ currency: bundle.currency, credits: '', price: '' }),
    });
  };
  const addCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminDiscountCodeInputSchema.safeParse({
      code: code.code,
      value_percentage: Number(code.percentage),
      expires_at: code.expires ? new Date(code.expires).toISOString() : null,
    });
    if (!parsed.success) return setCodeErrors(toFieldErrors(parsed.error.issues));
    setCodeErrors({});
    saveCode.mutate(parsed.data, { onSuccess: () => setCode({ code: '', percentage: '', expires: '' }) });
  };

  return (
    <>
      <section aria-labelledby="site-bundles-title" className="border rounded p-3 mb-3">
        <h3 id="site-bundles-title" className="h6">
          {t('catalog.bundles')}
        </h3>
        <FormErrorAlert error={saveBundle.error ? toAdminFormError(saveBundle.error) : null} />
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
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={saveBundle.isPending}
                  onClick={() => saveBundle.mutate({ ...bundleInput(row), id: row.id, is_active: !row.is_active })}
                >
                  {row.is_active ? t('catalog.switchOff') : t('catalog.switchOn')}
                </Button>
              ),
            },
          ]}
        />
        <Form noValidate onSubmit={addBundle} aria-label={t('catalog.addBundle')}>
          <Row className="g-2 align-items-end">
            <Col xs={4} md={3}>
              <Field id="bundle-currency" label={t('catalog.currency')} error={bundleErrors.currency}>
                <Form.Control
                  value={bundle.currency}
                  maxLength={3}
                  isInvalid={Boolean(bundleErrors.currency)}
                  onChange={(event) => setBundle({ ...bundle, currency: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={4} md={3}>
              <Field id="bundle-credits" label={t('catalog.credits')} error={bundleErrors.credits}>
                <Form.Control
                  type="number"
                  value={bundle.credits}
                  isInvalid={Boolean(bundleErrors.credits)}
                  onChange={(event) => setBundle({ ...bundle, credits: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={4} md={3}>
              <Field id="bundle-price" label={t('catalog.price')} error={bundleErrors.price_minor}>
                <Form.Control
                  type="number"
                  step={10 ** -minorDigits(bundle.currency.trim())}
                  value={bundle.price}
                  isInvalid={Boolean(bundleErrors.price_minor)}
                  onChange={(event) => setBundle({ ...bundle, price: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={12} md={3}>
              <Button type="submit" variant="outline-primary" className="w-100" disabled={saveBundle.isPending}>
                {t('catalog.addBundle')}
              </Button>
            </Col>
          </Row>
        </Form>
      </section>

      <section aria-labelledby="site-codes-title" className="border rounded p-3 mb-3">
        <h3 id="site-codes-title" className="h6">
          {t('catalog.codes')}
        </h3>
        <FormErrorAlert error={saveCode.error ? toAdminFormError(saveCode.error) : null} />
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
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={saveCode.isPending}
                  onClick={() =>
                    saveCode.mutate({
                      ...codeInput(row),
                      id: row.id,
                      status: row.status === 'active' ? 'disabled' : 'active',
                    })
                  }
                >
                  {row.status === 'active' ? t('catalog.switchOff') : t('catalog.switchOn')}
                </Button>
              ),
            },
          ]}
        />
        <Form noValidate onSubmit={addCode} aria-label={t('catalog.addCode')}>
          <Row className="g-2 align-items-end">
            <Col xs={12} md={3}>
              <Field id="code-code" label={t('catalog.code')} error={codeErrors.code}>
                <Form.Control
                  value={code.code}
                  maxLength={64}
                  isInvalid={Boolean(codeErrors.code)}
                  onChange={(event) => setCode({ ...code, code: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={6} md={3}>
              <Field id="code-percentage" label={t('catalog.percentage')} error={codeErrors.value_percentage}>
                <Form.Control
                  type="number"
                  value={code.percentage}
                  isInvalid={Boolean(codeErrors.value_percentage)}
                  onChange={(event) => setCode({ ...code, percentage: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={6} md={3}>
              <Field id="code-expires" label={t('catalog.expires')} error={codeErrors.expires_at}>
                <Form.Control
                  type="date"
                  value={code.expires}
                  onChange={(event) => setCode({ ...code, expires: event.target.value })}
                />
              </Field>
            </Col>
            <Col xs={12} md={3}>
              <Button type="submit" variant="outline-primary" className="w-100" disabled={saveCode.isPending}>
                {t('catalog.addCode')}
              </Button>
            </Col>
          </Row>
        </Form>
      </section>
    </>
  );
}
