// A member's prompt and answer (docs/members.md, "Prompts"): the question small, the answer in their words. `card`
// clamps the answer to two lines under a card's photo; `page` shows it large on the member page.
import { useTranslation } from 'react-i18next';
import type { ProfilePrompt } from '@app/contracts';
import './member-details.css';

export function PromptQuote({ prompt, variant }: { prompt: ProfilePrompt; variant: 'card' | 'page' }) {
  const { t } = useTranslation('members');
  const base = variant === 'card' ? 'profile-card-prompt' : 'member-prompt';
  return (
    <figure className={`${base} mb-0`}>
      <figcaption className={`${base}-question ${variant === 'card' ? 'text-truncate' : ''}`}>
        {t(`prompts.catalogue.${prompt.prompt}`)}
      </figcaption>
      <blockquote className={`${base}-answer mb-0 text-break`}>{prompt.answer}</blockquote>
    </figure>
  );
}
