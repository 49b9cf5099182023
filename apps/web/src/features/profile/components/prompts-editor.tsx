// The prompts step: up to PROMPTS_MAX questions of the catalogue, each with the member's answer (Hinge style). A
// question is picked from those not answered yet; an answer is at most PROMPT_ANSWER_MAX_LENGTH characters.
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PROFILE_PROMPTS, PROMPT_ANSWER_MAX_LENGTH, PROMPTS_MAX, type ProfilePrompt } from '@app/contracts';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import type { ProfileDraft } from '../hooks/use-profile-draft.ts';

export function PromptsEditor({ draft }: { draft: ProfileDraft }) {
  const { t } = useTranslation('members');
  const { prompts, errors } = draft;
  const used = new Set(prompts.map((entry) => entry.prompt));
  const replace = (index: number, next: ProfilePrompt) =>
    draft.setPrompts(prompts.map((entry, position) => (position === index ? next : entry)));
  const listError = errors.prompts;
  return (
    <div className="profile-prompts d-flex flex-column gap-3">
      {listError && (
        <p className="text-danger small mb-0" role="alert">
          {translateError(t, listError)}
        </p>
      )}
      {prompts.map((entry, index) => (
        <Card key={index} className="profile-prompt-card border-0 bg-body-tertiary">
          <Card.Body className="p-3">
            <FormSelect
              name={`prompt-${index}`}
              label={t('prompts.question', { number: index + 1 })}
              value={entry.prompt}
              onChange={(value) => replace(index, { ...entry, prompt: value as ProfilePrompt['prompt'] })}
              error={errors[`prompts.${index}.prompt`]}
              options={PROFILE_PROMPTS.filter((key) => key === entry.prompt || !used.has(key)).map((key) => ({
                value: key,
                label: t(`prompts.catalogue.${key}`),
              }))}
            />
            <FormField
              name={`prompt-answer-${index}`}
              as="textarea"
              rows={2}
              label={t('prompts.answer', { number: index + 1 })}
              value={entry.answer}
              maxLength={PROMPT_ANSWER_MAX_LENGTH}
              onChange={(value) => replace(index, { ...entry, answer: value })}
              error={errors[`prompts.${index}.answer`]}
              placeholder={t('prompts.answerPlaceholder')}
              hint={t('profileForm.aboutMeCount', { count: entry.answer.length, max: PROMPT_ANSWER_MAX_LENGTH })}
              className="mb-2"
            />
            <Button
              variant="link"
              size="sm"
              className="px-0 text-danger"
              onClick={() => draft.setPrompts(prompts.filter((_, position) => position !== index))}
              aria-label={t('prompts.removeLabel', { question: t(`prompts.catalogue.${entry.prompt}`) })}
            >
              {t('prompts.remove')}
            </Button>
          </Card.Body>
        </Card>
      ))}
      {prompts.length < PROMPTS_MAX ? (
        <div>
          <Button
            variant="outline-primary"
            onClick={() =>
              draft.setPrompts([...prompts, { prompt: PROFILE_PROMPTS.find((key) => !used.has(key))!, answer: '' }])
            }
          >
            {prompts.length === 0 ? t('prompts.addFirst') : t('prompts.add')}
          </Button>
          <p className="form-text mb-0 mt-2">{t('prompts.left', { count: PROMPTS_MAX - prompts.length })}</p>
        </div>
      ) : (
        <p className="form-text mb-0">{t('prompts.full', { count: PROMPTS_MAX })}</p>
      )}
    </div>
  );
}
