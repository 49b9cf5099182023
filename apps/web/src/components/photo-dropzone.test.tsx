import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PhotoDropzone, checkPhotoFile } from './photo-dropzone.tsx';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';

/** jsdom decodes no images: the browser's createImageBitmap answers with the size given per file name, or fails. */
function fakeDecoder(sizes: Record<string, { width: number; height: number }>) {
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    const size = sizes[file.name];
    if (!size) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...size, close: () => undefined };
  });
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('photo checks before upload', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('tells a photo from a file of another type, one the browser cannot decode, and one under 200 x 200', async () => {
    fakeDecoder({
      'ok.jpg': { width: 640, height: 480 },
      'square.jpg': { width: 200, height: 200 },
      'tiny.jpg': { width: 40, height: 40 },
      'strip.jpg': { width: 900, height: 150 },
    });
    expect(await checkPhotoFile(jpeg('ok.jpg'))).toBe('ok');
    expect(await checkPhotoFile(jpeg('square.jpg'))).toBe('ok');
    expect(await checkPhotoFile(jpeg('tiny.jpg'))).toBe('too_small');
    expect(await checkPhotoFile(jpeg('strip.jpg'))).toBe('too_small');
    expect(await checkPhotoFile(jpeg('broken.jpg'))).toBe('not_image');
    expect(await checkPhotoFile(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }))).toBe('not_image');
  });

  it('hands on only good photos and says why it refused the others', async () => {
    fakeDecoder({ 'ok.jpg': { width: 640, height: 480 }, 'tiny.jpg': { width: 40, height: 40 } });
    const onFilesSelected = vi.fn();
    renderWithProviders(<PhotoDropzone onFilesSelected={onFilesSelected} isMultiple />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [jpeg('tiny.jpg')] } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'That photo is too small. Choose one of at least 200 × 200 pixels.',
    );
    expect(onFilesSelected).not.toHaveBeenCalled();

    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' }), jpeg('ok.jpg')] },
    });
    await waitFor(() => expect(onFilesSelected).toHaveBeenCalledTimes(1));
    expect((onFilesSelected.mock.calls[0]![0] as File[]).map((file) => file.name)).toEqual(['ok.jpg']);
    expect(screen.getByRole('alert').textContent).toMatch(/not a photo/);
  });
});
