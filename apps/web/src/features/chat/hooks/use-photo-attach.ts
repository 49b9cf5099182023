// Attaching a photo in the send footer: premium only (a free member hears of premium instead), JPEG, PNG or WebP,
// chosen through a hidden file input; anything else is said under the footer.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function usePhotoAttach(options: {
  canSendPhotos: boolean;
  onSendPhoto: (file: File) => void;
  onPremiumRequired: () => void;
}) {
  const { canSendPhotos, onSendPhoto, onPremiumRequired } = options;
  const { t } = useTranslation('chat');
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const attach = () => {
    setFileError(null);
    if (!canSendPhotos) {
      onPremiumRequired();
      return;
    }
    fileInput.current?.click();
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setFileError(t('footer.notAnImage'));
      return;
    }
    onSendPhoto(file);
  };

  return { fileInput, fileError, attach, onFile };
}
