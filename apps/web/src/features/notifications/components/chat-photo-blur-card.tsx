// Chat photos on the settings screen (docs/safety.md): photos that may contain nudity arrive blurred from everyone,
// from members not matched with (the default), or never; saved at once.
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CHAT_PHOTO_BLUR_CHOICES } from '@app/contracts';
import { useSafetySettings, useUpdateSafetySettings } from '../api/safety-settings.ts';
import { SaveStatus, toSaveState } from './save-status.tsx';

export function ChatPhotoBlurCard() {
  const { t } = useTranslation('notifications');
  const query = useSafetySettings();
  const update = useUpdateSafetySettings();
  const current = update.isPending ? update.variables.chat_photo_blur : query.data?.chat_photo_blur;
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="chat-photo-blur-title">
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="chat-photo-blur-title" className="h5 mb-0">
              {t('screen.chatPhotoBlur.title')}
            </h2>
            <SaveStatus state={toSaveState(update)} />
          </div>
          <p id="chat-photo-blur-description" className="text-body-secondary">
            {t('screen.chatPhotoBlur.description')}
          </p>
          <Form.Group
            role="radiogroup"
            aria-labelledby="chat-photo-blur-title"
            aria-describedby="chat-photo-blur-description"
          >
            {CHAT_PHOTO_BLUR_CHOICES.map((choice) => (
              <Form.Check
                key={choice}
                type="radio"
                id={`chat-photo-blur-${choice}`}
                name="chat-photo-blur"
                label={t(`screen.chatPhotoBlur.${choice}`)}
                checked={current === choice}
                disabled={query.isPending}
                onChange={() => update.mutate({ chat_photo_blur: choice })}
              />
            ))}
          </Form.Group>
        </section>
      </Card.Body>
    </Card>
  );
}
