// Markdown of the static pages to HTML (marked, in the pages' own lazy chunk), and the FAQ split into its questions.
import { Marked, type Token, type Tokens } from 'marked';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

export function renderMarkdown(source: string): string {
  return markdown.parse(source) as string;
}

/** The page's first `#` heading: its document title. */
export function pageTitleOf(source: string): string {
  return /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? '';
}

/** The page without its first `#` heading (the page renders the title itself). */
export function withoutTitle(source: string): string {
  return source.replace(/^#\s+.+\n?/m, '');
}

export type FaqQuestion = { id: string; question: string; answerHtml: string; text: string };
export type FaqSection = { title: string; questions: FaqQuestion[] };
export type FaqDocument = { introHtml: string; sections: FaqSection[] };

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The FAQ's structure: text before the first `##` is the introduction, each `##` a section, each `###` in it a
 * question whose answer runs to the next heading. `fillHtml` and `fillText` fill the placeholders of HTML and of text.
 */
export function parseFaq(
  source: string,
  fillHtml: (html: string) => string,
  fillText: (text: string) => string,
): FaqDocument {
  const tokens = markdown.lexer(withoutTitle(source));
  const intro: Token[] = [];
  const sections: { title: string; questions: { question: string; answer: Token[] }[] }[] = [];
  for (const token of tokens) {
    const heading = token.type === 'heading' ? (token as Tokens.Heading) : null;
    if (heading?.depth === 2) sections.push({ title: heading.text, questions: [] });
    else if (heading?.depth === 3 && sections.length > 0)
      sections.at(-1)!.questions.push({ question: heading.text, answer: [] });
    else if (sections.length === 0) intro.push(token);
    else sections.at(-1)!.questions.at(-1)?.answer.push(token);
  }
  const toHtml = (list: Token[]) => fillHtml(markdown.parser(list) as string);
  let index = 0;
  return {
    introHtml: toHtml(intro),
    sections: sections.map((section) => ({
      title: fillText(section.title),
      questions: section.questions.map((item) => {
        const question = fillText(item.question);
        const answerHtml = toHtml(item.answer);
        index += 1;
        return { id: `faq-${index}`, question, answerHtml, text: `${question} ${plain(answerHtml)}` };
      }),
    })),
  };
}

/** Folds case and accents, so "reembolso" finds "Reembolsó" and "ä" finds "a". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The questions matching every word of the query, per section (sections without a match left out). */
export function filterFaq(sections: FaqSection[], query: string): FaqSection[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      questions: section.questions.filter((item) => words.every((word) => foldForSearch(item.text).includes(word))),
    }))
    .filter((section) => section.questions.length > 0);
}
