// Rendered page HTML (our own Markdown, settings values escaped) whose links to this site navigate without a reload.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function MarkdownArticle({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (
      !link ||
      !href?.startsWith('/') ||
      href.startsWith('//') ||
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    void navigate(href);
  };
  // The HTML comes from the pages in this repository, never from a member; placeholder values are escaped.
  // Only clicks on the links inside are intercepted; links keep their own keyboard behaviour (Enter fires click).
  return (
    <div
      className={`content-markdown ${className ?? ''}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
