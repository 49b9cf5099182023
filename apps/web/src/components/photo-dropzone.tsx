// A drop area for photos: drag and drop or the file picker; hands the chosen images to its owner (signup, profile photos).
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_MIN_SIDE } from '@app/contracts';

/** What the photo upload reads (SPEC: JPEG, PNG, WebP). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

type PhotoDropzoneProps = {
  onFilesSelected: (files: File[]) => void;
  accept?: string;
  isMultiple?: boolean;
  isDisabled?: boolean;
  /** Replaces the default "Drag a photo here" text, e.g. with a preview of the chosen photo. */
  children?: ReactNode;
};

export type PhotoFileCheck = 'ok' | 'not_image' | 'too_small';

/** Width and height of an image file the browser can decode, or null for anything else (a renamed PDF, a broken file). */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * What the server would say about a photo, said before uploading it: a file of another type or one the
 * browser cannot decode is not a photo; one under PHOTO_MIN_SIDE on a side is too small (the server checks both again).
 */
export async function checkPhotoFile(file: File): Promise<PhotoFileCheck> {
  if (!PHOTO_ACCEPT.split(',').includes(file.type)) return 'not_image';
  const size = await imageSize(file);
  if (!size) return 'not_image';
  return Math.min(size.width, size.height) < PHOTO_MIN_SIDE ? 'too_small' : 'ok';
}

export function PhotoDropzone({
  onFilesSelected,
  accept = PHOTO_ACCEPT,
  isMultiple = false,
  isDisabled = false,
  children,
}: PhotoDropzoneProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [rejected, setRejected] = useState<Exclude<PhotoFileCheck, 'ok'> | null>(null);
  const hintId = useId();

  const select = async (files: Iterable<File>) => {
    const all = isMultiple ? [...files] : [...files].slice(0, 1);
    const checks = await Promise.all(all.map(checkPhotoFile));
    const chosen = all.filter((_file, index) => checks[index] === 'ok');
    setRejected(checks.includes('not_image') ? 'not_image' : checks.includes('too_small') ? 'too_small' : null);
    if (chosen.length > 0) onFilesSelected(chosen);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!isDisabled) setIsDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) void select(event.dataTransfer.files);
  };

  return (
    <div
      className={`photo-dropzone rounded-3 p-4 text-center ${isDragging ? 'border-primary bg-primary-subtle' : 'bg-body-tertiary'}`}
      style={{ border: '2px dashed var(--bs-border-color)', borderColor: isDragging ? 'var(--bs-primary)' : undefined }}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      data-testid="photo-dropzone"
    >
      {children ?? <p className="mb-3 text-body-secondary">{t('photoDropzone.dropHere')}</p>}
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={isMultiple}
        className="visually-hidden"
        tabIndex={-1}
        // The visible button below is the control; this input only carries the picker.
        aria-hidden="true"
        disabled={isDisabled}
        onChange={(event) => {
          if (event.target.files) void select(event.target.files);
          // The same file picked again must fire change again.
          event.target.value = '';
        }}
      />
      <Button
        variant="outline-primary"
        onClick={() => inputRef.current?.click()}
        disabled={isDisabled}
        aria-describedby={hintId}
      >
        {t('photoDropzone.choose')}
      </Button>
      <p id={hintId} className="small text-body-secondary mt-2 mb-0">
        {t('photoDropzone.hint')}
      </p>
      {rejected && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {rejected === 'not_image'
            ? t('photoDropzone.notAnImage')
            : t('photoDropzone.tooSmall', { min: PHOTO_MIN_SIDE })}
        </p>
      )}
    </div>
  );
}
