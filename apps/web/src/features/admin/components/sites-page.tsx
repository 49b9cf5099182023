// White-label sites (admins): the list, and a form with every Settings field (SPEC section 3), checked by the shared
// contract before it is sent, beside a live preview of the site's name and texts. A new site starts as a copy of
// the default site's settings with its own name and domain; it is served at once.
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SITE_TEXT_KEYS, adminSiteInputSchema, siteTextIn, siteThemeVariables, type SiteTextKey } from '@app/contracts';
import { LOCALES, type Locale } from '@app/i18n';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useAdminSite } from '../api/admin-site.ts';
import { useAdminSites } from '../api/admin-sites.ts';
import { useSaveSite } from '../api/save-site.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';
import { SITE_SECTIONS, fromDraft, localizedDraftKey, toDraft, type SiteDraft } from '../lib/site-fields.ts';
import { SiteCatalog } from './site-catalog.tsx';
import { SiteFieldInput } from './site-field-input.tsx';
import { SiteTextLanguages, useTextLanguage } from './site-text-languages.tsx';

/** The settings written per language (site texts). */
const LOCALIZED_KEYS = SITE_SECTIONS.flatMap((section) => section.fields)
  .filter((field) => field.isLocalized)
  .map((field) => field.key);

type Editing = { kind: 'new'; from: number } | { kind: 'edit'; id: number };

export function SitesPage() {
  const { t } = useTranslation('admin');
  const sites = useAdminSites();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (sites.isPending) return <LoadingSpinner />;
  if (sites.isError) return <FormErrorAlert error={toAdminFormError(sites.error)} />;
  const defaultSite = sites.data.sites.find((site) => site.is_default) ?? sites.data.sites[0];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">{t('sites.title')}</h1>
        {defaultSite && (
          <Button
            onClick={() => {
              setSaved(null);
              setEditing({ kind: 'new', from: defaultSite.id });
            }}
          >
            {t('sites.new')}
          </Button>
        )}
      </div>
      <div aria-live="polite">{saved && <Alert variant="success">{t('sites.saved', { domain: saved })}</Alert>}</div>
      {editing ? (
        <SiteEditor
          key={editing.kind === 'new' ? 'new' : editing.id}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={(domain) => {
            setSaved(domain);
            setEditing(null);
          }}
        />
      ) : (
        <DataTable
          caption={t('sites.title')}
          isHover
          className="align-middle"
          rows={sites.data.sites}
          rowKey={(site) => site.id}
          columns={[
            {
              key: 'name',
              header: t('sites.columns.name'),
              cell: (site) => (
                <>
                  {site.name} {site.is_default && <Badge bg="secondary">{t('sites.default')}</Badge>}
                </>
              ),
            },
            { key: 'domain', header: t('sites.columns.domain'), cell: (site) => site.domain },
            {
              key: 'actions',
              header: t('sites.columns.actions'),
              isHeaderHidden: true,
              className: 'text-end',
              cell: (site) => (
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={t('sites.editLabel', { name: site.name })}
                  onClick={() => setEditing({ kind: 'edit', id: site.id })}
                >
                  {t('sites.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

function SiteEditor({
  editing,
  onCancel,
  onSaved,
}: {
  editing: Editing;
  onCancel: () => void;
  onSaved: (domain: string) => void;
}) {
  const { t } = useTranslation('admin');
  const source = useAdminSite(editing.kind === 'new' ? editing.from : editing.id);
  if (source.isPending) return <LoadingSpinner />;
  if (source.isError) return <FormErrorAlert error={toAdminFormError(source.error)} />;
  const initial = toDraft(source.data.site.settings);
  if (editing.kind === 'new') {
    initial.name = '';
    initial.domain = '';
  }
  return (
    <SiteForm
      title={editing.kind === 'new' ? t('sites.newTitle') : t('sites.editTitle', { name: String(initial.name) })}
      siteId={editing.kind === 'edit' ? editing.id : null}
      initial={initial}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

function SiteForm({
  title,
  siteId,
  initial,
  onCancel,
  onSaved,
}: {
  title: string;
  siteId: number | null;
  initial: SiteDraft;
  onCancel: () => void;
  onSaved: (domain: string) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSite(siteId);
  const form = useFormValues<SiteDraft>(initial);
  const draft = form.values;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(adminSiteInputSchema, fromDraft(draft));
    if (!body) return;
    save.mutate(body, {
      onSuccess: (result) => onSaved(String(result.site.settings.domain ?? body.domain)),
      onError: (error) => form.showApiError(error),
    });
  };

  // A map setting's error may be about one of its entries (`company.name`): it is shown at the setting.
  const errorOf = (key: string) =>
    form.fieldErrors[key] ?? Object.entries(form.fieldErrors).find(([path]) => path.startsWith(`${key}.`))?.[1];
  // The texts are edited one language at a time (site-text-languages.tsx).
  const texts = useTextLanguage(form.fieldErrors, LOCALIZED_KEYS);

  return (
    <Row className="g-4">
      <Col xl={8}>
        <Form id={form.formId} noValidate onSubmit={submit} aria-label={title}>
          <h2 className="h5">{title}</h2>
          <FormErrorAlert error={adminFormError(form.formError)} />
          {SITE_SECTIONS.map((section) => (
            <fieldset key={section.id} className="border rounded p-3 mb-3">
              <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">
                {t(`sites.sections.${section.id}`)}
              </legend>
              {section.fields.some((field) => field.isLocalized) && (
                <SiteTextLanguages
                  language={texts.language}
                  withErrors={texts.withErrors}
                  onChange={texts.setLanguage}
                />
              )}
              <Row className="g-3">
                {section.fields.map((field) =>
                  field.isLocalized ? (
                    <Col key={`${field.key}.${texts.language}`} md={field.kind === 'textarea' ? 12 : 6}>
                      <SiteFieldInput
                        field={field}
                        locale={texts.language}
                        value={draft[localizedDraftKey(field.key, texts.language)]}
                        error={form.fieldErrors[localizedDraftKey(field.key, texts.language)] ?? null}
                        onChange={(value) => form.setValue(localizedDraftKey(field.key, texts.language), value)}
                      />
                    </Col>
                  ) : (
                    <Col key={field.key} md={field.kind === 'textarea' || field.kind === 'json' ? 12 : 6}>
                      <SiteFieldInput
                        field={field}
                        value={draft[field.key]}
                        error={errorOf(field.key) ?? null}
                        onChange={(value) => {
                          form.setValue(field.key, value);
                          // Its entries' errors go with it.
                          for (const path of Object.keys(form.fieldErrors))
                            if (path.startsWith(`${field.key}.`)) form.clearFieldError(path);
                        }}
                      />
                    </Col>
                  ),
                )}
              </Row>
            </fieldset>
          ))}
          <div className="d-flex gap-2 mb-4">
            <SubmitButton isPending={save.isPending}>{t('sites.save')}</SubmitButton>
            <Button variant="outline-secondary" onClick={onCancel} disabled={save.isPending}>
              {t('sites.cancel')}
            </Button>
          </div>
        </Form>
        {siteId !== null && <SiteCatalog siteId={siteId} currency={initial.currency || 'EUR'} />}
      </Col>
      <Col xl={4}>
        <SitePreview draft={draft} language={texts.language} />
      </Col>
    </Row>
  );
}

/**
 * What visitors will see first: the site's name in its primary colour (as links show it), its two theme colours, the
 * title, description and the fictional-profile notice, as typed, in the language the texts are edited in (with the
 * fallbacks visitors get: English for the fictional texts).
 */
function SitePreview({ draft, language }: { draft: SiteDraft; language: Locale }) {
  const { t } = useTranslation('admin');
  const text = (key: string) =>
    (SITE_TEXT_KEYS as readonly string[]).includes(key)
      ? siteTextIn(
          key as SiteTextKey,
          Object.fromEntries(LOCALES.map((locale) => [locale, draft[localizedDraftKey(key, locale)] ?? ''])),
          language,
        )
      : (draft[key] ?? '');
  const languages = text('languages');
  const theme = siteThemeVariables({
    theme_primary: text('theme_primary').trim(),
    theme_secondary: text('theme_secondary').trim(),
  });
  const swatch = (name: 'primary' | 'secondary') => (
    <span
      className="d-inline-block rounded-circle border"
      style={{ width: '1.25rem', height: '1.25rem', background: theme[`--site-${name}`] ?? `var(--site-${name})` }}
    />
  );
  return (
    <Card
      as="section"
      className="shadow-sm position-sticky"
      style={{ top: '1rem' }}
      aria-labelledby="site-preview-title"
    >
      <Card.Header id="site-preview-title" as="h2" className="h6 mb-0">
        {t('sites.preview')}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary small mb-1">{text('domain') || t('sites.noDomain')}</p>
        <div className="d-flex align-items-center gap-2 mb-1">
          <p className="h4 mb-0" style={{ color: theme['--site-primary-text'] ?? 'var(--bs-link-color)' }}>
            {text('name') || t('sites.noName')}
          </p>
          <span className="d-inline-flex gap-1 ms-auto" aria-hidden="true">
            {swatch('primary')}
            {swatch('secondary')}
          </span>
        </div>
        <p className="fw-semibold mb-2" lang={language}>
          {text('index_title')}
        </p>
        <p className="small mb-3" lang={language} style={{ whiteSpace: 'pre-wrap' }}>
          {text('description')}
        </p>
        {text('fictional_warning') && (
          <Alert variant="warning" className="small mb-3" lang={language}>
            <span aria-hidden="true">{text('fictional_icon')} </span>
            {text('fictional_warning')}
          </Alert>
        )}
        <dl className="row small mb-0">
          <dt className="col-5">{t('sites.previewLanguages')}</dt>
          <dd className="col-7">{languages}</dd>
          <dt className="col-5">{t('sites.previewSupport')}</dt>
          <dd className="col-7">{[text('support_email'), text('support_phone')].filter(Boolean).join(' · ') || '—'}</dd>
          <dt className="col-5">{t('sites.previewCredits')}</dt>
          <dd className="col-7">
            {t('sites.previewCreditsText', {
              signup: text('signup_credits'),
              message: text('message_credits'),
              currency: text('currency'),
            })}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
