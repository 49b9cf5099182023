// Signup step 1: a photo by drag and drop or picker, uploaded to the profile; the step can be skipped.
import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS } from '@app/contracts';
import { PhotoDropzone } from '../../../../components/photo-dropzone.tsx';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../../lib/form-errors.ts';
import { useSaveSignupStep } from '../../api/signup-step.ts';
import { StepActions } from './step-actions.tsx';

/** Stores the photo on the profile (POST /api/photo.php); without one the step only offers Skip. */
export type PhotoUploader = (file: File) => Promise<void>;

export function PhotoStep({ uploadPhoto }: { uploadPhoto?: PhotoUploader }) {
  const { t } = useTranslation('accounts');
  const saveStep = useSaveSignupStep();
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const file = photo?.file ?? null;
  const previewUrl = photo?.url ?? null;
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const finishStep = () => saveStep.mutate({ step: SIGNUP_STEPS.photo });
  const upload = async () => {
    if (!file || !uploadPhoto) return;
    setIsUploading(true);
    setUploadError(null);
    try {
      await uploadPhoto(file);
      finishStep();
    } catch (error) {
      setUploadError(error);
    } finally {
      setIsUploading(false);
    }
  };

  const isSaving = saveStep.isPending || isUploading;
  const error = uploadError
    ? toFormErrors(uploadError).form
    : saveStep.isError
      ? toFormErrors(saveStep.error).form
      : null;
  return (
    <Form
      noValidate
      aria-labelledby="signup-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <h2 id="signup-step-title" className="h4 mb-2">
        {t('signup.photo.title')}
      </h2>
      <p className="text-body-secondary">{t('signup.photo.intro')}</p>
      <FormErrorAlert error={error} />
      <PhotoDropzone
        onFilesSelected={([chosen]) => chosen && setPhoto({ file: chosen, url: URL.createObjectURL(chosen) })}
        isDisabled={isSaving}
      >
        {previewUrl && file ? (
          <figure className="mb-3">
            <img
              src={previewUrl}
              alt={t('signup.photo.previewAlt')}
              className="rounded-3 object-fit-cover"
              style={{ width: 160, height: 160 }}
            />
            <figcaption className="small text-body-secondary mt-2 text-break">{file.name}</figcaption>
          </figure>
        ) : undefined}
      </PhotoDropzone>
      <p className="small text-body-secondary mt-2 mb-0">{t('signup.photo.later')}</p>
      <StepActions
        isSaving={isSaving}
        submitLabel={uploadPhoto && file ? t('signup.photo.upload') : undefined}
        skipLabel={t('signup.skip')}
        onSkip={finishStep}
      />
    </Form>
  );
}
