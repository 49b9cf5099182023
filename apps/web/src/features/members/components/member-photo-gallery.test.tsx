// The member page's gallery: arrows and swipes move between photos; the lightbox works by keyboard and gives focus back.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberProfile, Photo } from '@app/contracts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { MemberPhotoGallery } from './member-photo-gallery.tsx';

beforeAll(() => setupI18n());
afterEach(() => settleOverlays());

const photo = (id: number): Photo => ({
  id,
  filename: `/p/${id}.jpg`,
  thumb_filename: `/p/${id}_thumb.jpg`,
  width: 800,
  height: 1000,
  is_private: false,
  is_main: id === 1,
  status: 'active',
});
const MEMBER = {
  id: 5,
  name: 'Sofie',
  photos: [photo(1), photo(2), photo(3)],
  hidden_photo_count: 0,
  photos_locked: null,
} as unknown as MemberProfile;
const shownPhoto = () =>
  screen
    .getAllByRole('img')
    .find((image) => image.getAttribute('src')?.endsWith('.jpg') && !image.getAttribute('src')?.includes('_thumb'))
    ?.getAttribute('alt');

describe('member photo gallery', () => {
  it('moves with the arrows and with horizontal swipes, not with vertical ones', () => {
    renderWithProviders(<MemberPhotoGallery member={MEMBER} />);
    expect(shownPhoto()).toBe('Photo 1 of 3 of Sofie');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toBe('Photo 2 of 3 of Sofie');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownPhoto()).toBe('Photo 3 of 3 of Sofie');
    const stage = document.querySelector('.member-gallery-stage')!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 100, clientY: 110 });
    expect(shownPhoto()).toBe('Photo 1 of 3 of Sofie');
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 150, clientY: 300 });
    expect(shownPhoto()).toBe('Photo 1 of 3 of Sofie');
  });

  it('shows each photo whole, in its own proportions: portrait, landscape, and within 9:16 to 16:9', () => {
    const member = {
      ...MEMBER,
      photos: [
        { ...photo(1), width: 800, height: 1000 },
        { ...photo(2), width: 1600, height: 900 },
        { ...photo(3), width: 300, height: 2000 },
      ],
    } as unknown as MemberProfile;
    renderWithProviders(<MemberPhotoGallery member={member} />);
    const stage = () => document.querySelector<HTMLElement>('.member-gallery-stage')!;
    expect(stage().className).toContain('is-uncropped');
    expect(Number(stage().style.getPropertyValue('--member-photo-ratio'))).toBeCloseTo(0.8);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(Number(stage().style.getPropertyValue('--member-photo-ratio'))).toBeCloseTo(16 / 9);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(Number(stage().style.getPropertyValue('--member-photo-ratio'))).toBeCloseTo(9 / 16);
  });

  it('opens a labelled lightbox; arrow keys move, Escape closes and focus returns to the photo', async () => {
    renderWithProviders(<MemberPhotoGallery member={MEMBER} />);
    const open = screen.getByRole('button', { name: 'View photo 1 of 3 full screen' });
    open.focus();
    fireEvent.click(open);
    const lightbox = await screen.findByRole('dialog', { name: 'Photos of Sofie' });
    expect(lightbox.textContent).toContain('Photo 1 of 3');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    await waitFor(() => expect(lightbox.textContent).toContain('Photo 2 of 3'));
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    await waitFor(() => expect(lightbox.textContent).toContain('Photo 3 of 3'));
    fireEvent.keyDown(lightbox, { key: 'Escape', keyCode: 27 });
    await settleOverlays();
    expect(shownPhoto()).toBe('Photo 3 of 3 of Sofie');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('View photo 3 of 3 full screen'),
    );
  });
});
