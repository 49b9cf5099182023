// The FAQ: its questions by section, filtered live by a labelled search field; the count is announced politely.
import { useDeferredValue, useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { filterFaq, type FaqDocument } from '../lib/markdown.ts';
import { MarkdownArticle } from './markdown-article.tsx';

export function FaqSearch({ faq }: { faq: FaqDocument }) {
  const { t } = useTranslation('content');
  const id = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const sections = filterFaq(faq.sections, deferredQuery);
  const count = sections.reduce((sum, section) => sum + section.questions.length, 0);
  const isSearching = deferredQuery.trim() !== '';

  return (
    <>
      <MarkdownArticle html={faq.introHtml} />
      <div role="search" className="faq-search my-4">
        <Form.Label htmlFor={`${id}-query`}>{t('faq.searchLabel')}</Form.Label>
        <Form.Control
          id={`${id}-query`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('faq.searchPlaceholder')}
          aria-describedby={`${id}-count`}
          autoComplete="off"
        />
        <p id={`${id}-count`} className="small text-body-secondary mt-2 mb-0" role="status" aria-live="polite">
          {isSearching ? t('faq.results', { count }) : t('faq.total', { count })}
        </p>
      </div>
      {count === 0 && (
        <p>
          {t('faq.noResults')} <Link to={paths.staticPage.getHref('service')}>{t('faq.askService')}</Link>
        </p>
      )}
      {sections.map((section) => (
        <section
          key={section.title}
          className="faq-section mb-4"
          aria-labelledby={`${id}-${section.questions[0]?.id}-section`}
        >
          <h2 id={`${id}-${section.questions[0]?.id}-section`} className="h4 mt-4">
            {section.title}
          </h2>
          {section.questions.map((item) => (
            <article key={item.id} className="faq-question mb-3" aria-labelledby={`${id}-${item.id}`}>
              <h3 id={`${id}-${item.id}`} className="h6 fw-semibold mb-1">
                {item.question}
              </h3>
              <MarkdownArticle html={item.answerHtml} />
            </article>
          ))}
        </section>
      ))}
    </>
  );
}
