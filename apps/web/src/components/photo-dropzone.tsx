// A drop area for photos: drag and drop or the file picker; hands the chosen images to its owner (signup, profile photos).
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

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

/** Keeps only image files: a drop may carry anything. */
export function filterImageFiles(files: Iterable<File>): File[] {
  return [...files].filter((file) => file.type.startsWith('image/'));
}

export function PhotoDropzone({ onFilesSelected, accept = PHOTO_ACCEPT, isMultiple = false, isDisabled = false, children }: PhotoDropzoneProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [hasRejected, setHasRejected] = useState(false);
  const hintId = useId();

  const select = (files: Iterable<File>) => {
    const all = [...files];
    const images = filterImageFiles(all);
    setHasRejected(images.length < all.length);
    const chosen = isMultiple ? images : images.slice(0, 1);
    if (chosen.length > 0) onFilesSelected(chosen);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!isDisabled) setIsDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) select(event.dataTransfer.files);
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
          if (event.target.files) select(event.target.files);
          // The same file picked again must fire change again.
          event.target.value = '';
        }}
      />
      <Button variant="outline-primary" onClick={() => inputRef.current?.click()} disabled={isDisabled} aria-describedby={hintId}>
        {t('photoDropzone.choose')}
      </Button>
      <p id={hintId} className="small text-body-secondary mt-2 mb-0">
        {t('photoDropzone.hint')}
      </p>
      {hasRejected && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {t('photoDropzone.notAnImage')}
        </p>
      )}
    </div>
  );
}
