// /pages/{page}: terms, privacy, cookies, ban, FAQ, returns and refunds, customer service, from the Markdown of the
// visitor's language with the site's settings filled in (docs/content.md).
import { useMemo } from 'react';
import { Container } from 'react-bootstrap';
import { data, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isStaticPage } from '@app/contracts';
import type { StaticPage } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { toBanReason } from '../lib/ban-reasons.ts';
import { pageTitleOf, parseFaq, renderMarkdown, withoutTitle } from '../lib/markdown.ts';
import { pageMarkdownQueryOptions } from '../lib/page-content.ts';
import { buildPlaceholderValues, fillPlaceholders, fillPlaceholdersInText } from '../lib/placeholders.ts';
import { ContactForm } from './contact-form.tsx';
import { FaqSearch } from './faq-search.tsx';
import { MarkdownArticle } from './markdown-article.tsx';
import { SupportContacts } from './support-contacts.tsx';
import '../content.css';

/** An unknown page name is the 404 page. */
export function staticPageLoader({ params }: LoaderFunctionArgs) {
  if (!isStaticPage(params.page)) throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

export function StaticPagePage() {
  const { page } = useParams();
  // The loader let only known pages through.
  return <StaticPageContent page={page as StaticPage} />;
}

export function StaticPageContent({ page }: { page: StaticPage }) {
  const { t, i18n } = useTranslation('content');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const settings = useSettings();
  const [searchParams] = useSearchParams();
  const { data: source } = useSuspenseQuery(pageMarkdownQueryOptions(page, language));
  const banReason = page === 'ban' ? t(`ban.reasons.${toBanReason(searchParams.get('reason'))}`) : '';
  const values = useMemo(
    () => buildPlaceholderValues(settings, t, language, banReason),
    [settings, t, language, banReason],
  );
  const title = fillPlaceholdersInText(pageTitleOf(source), values);
  const faq = useMemo(
    () =>
      page === 'faq'
        ? parseFaq(
            source,
            (html) => fillPlaceholders(html, values),
            (text) => fillPlaceholdersInText(text, values),
          )
        : null,
    [page, source, values],
  );
  const html = useMemo(
    () => (faq ? '' : fillPlaceholders(renderMarkdown(withoutTitle(source)), values)),
    [faq, source, values],
  );

  return (
    <Container className="content-page py-4 py-md-5">
      <PageTitle title={title} />
      <article className="content-article mx-auto" aria-labelledby="content-page-title" lang={i18n.resolvedLanguage}>
        <h1 id="content-page-title" className="mb-4">
          {title}
        </h1>
        {faq ? <FaqSearch faq={faq} /> : <MarkdownArticle html={html} />}
        {page === 'service' && (
          <>
            <SupportContacts phone={settings.support_phone} email={settings.support_email} />
            <ContactForm />
          </>
        )}
      </article>
    </Container>
  );
}
