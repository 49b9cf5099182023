// The send footer: the counter against message_length, Enter sends and Shift+Enter does not, a message over the limit
// cannot be sent, the attach button is premium only, and the gift picker names and prices every gift.
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { GIFT_KEYS } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { SendFooter } from './send-footer.tsx';

beforeAll(() => setupI18n());

function renderFooter(overrides: { maxLength?: number; canSendPhotos?: boolean; isFirstMessage?: boolean } = {}) {
  const handlers = {
    onSendText: vi.fn(),
    onSendGift: vi.fn(),
    onSendPhoto: vi.fn(),
    onPremiumRequired: vi.fn(),
    onTyping: vi.fn(),
  };
  function Harness() {
    const [text, setText] = useState('');
    return (
      <SendFooter
        text={text}
        onTextChange={setText}
        maxLength={overrides.maxLength ?? 1000}
        prices={{ text: 10, photo: 15, gift: 25 }}
        canSendPhotos={overrides.canSendPhotos ?? false}
        isFirstMessage={overrides.isFirstMessage ?? false}
        {...handlers}
      />
    );
  }
  renderWithProviders(<Harness />, { user: buildUser() });
  return handlers;
}

const textarea = () => screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;

describe('SendFooter', () => {
  it('counts characters as the server does and sends with Enter, not with Shift+Enter', () => {
    const handlers = renderFooter();
    expect(screen.getByTestId('chat-counter').textContent).toBe('0 / 1000');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.change(textarea(), { target: { value: 'Hi 👋' } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('4 / 1000');
    expect(handlers.onTyping).toHaveBeenCalled();
    fireEvent.keyDown(textarea(), { key: 'Enter', shiftKey: true });
    expect(handlers.onSendText).not.toHaveBeenCalled();
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(handlers.onSendText).toHaveBeenCalledWith('Hi 👋');
    expect(textarea().value).toBe('');
    // Only spaces: nothing to send.
    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(handlers.onSendText).toHaveBeenCalledTimes(1);
    expect(screen.getByText('A message costs 10 credits.')).toBeTruthy();
  });

  it('says how far a message is over the limit and does not send it', () => {
    const handlers = renderFooter({ maxLength: 10 });
    fireEvent.change(textarea(), { target: { value: 'abcdefghijkl' } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('2 characters too many');
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(handlers.onSendText).not.toHaveBeenCalled();
    fireEvent.change(textarea(), { target: { value: 'abcdefghij' } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('10 / 10');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(handlers.onSendText).toHaveBeenCalledWith('abcdefghij');
  });

  it('asks "Are you sure?" before a first message with contact details or an insult, and sends only on yes', async () => {
    const handlers = renderFooter({ isFirstMessage: true });
    fireEvent.change(textarea(), { target: { value: 'Call me on +31 6 12345678, idiot' } });
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(handlers.onSendText).not.toHaveBeenCalled();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a phone number', 'words that may hurt']);
    // Cancel: nothing sent, the text stays to be edited.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(handlers.onSendText).not.toHaveBeenCalled();
    expect(textarea().value).toBe('Call me on +31 6 12345678, idiot');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Send anyway' }),
    );
    expect(handlers.onSendText).toHaveBeenCalledWith('Call me on +31 6 12345678, idiot');
    expect(textarea().value).toBe('');
  });

  it('does not ask for an ordinary first message', () => {
    const first = renderFooter({ isFirstMessage: true });
    fireEvent.change(textarea(), { target: { value: 'Hi! Fancy a coffee on Saturday?' } });
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(first.onSendText).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask once the member has written in the conversation', () => {
    const later = renderFooter({ isFirstMessage: false });
    fireEvent.change(textarea(), { target: { value: 'My number is 0612345678' } });
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(later.onSendText).toHaveBeenCalledWith('My number is 0612345678');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a free member to get premium instead of attaching a photo', () => {
    const handlers = renderFooter({ canSendPhotos: false });
    fireEvent.click(screen.getByRole('button', { name: 'Send a photo' }));
    expect(handlers.onPremiumRequired).toHaveBeenCalled();
  });

  it('previews a chosen photo with its cost: sent only with Send, nothing with Cancel', () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const handlers = renderFooter({ canSendPhotos: true });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    const preview = screen.getByRole('region', { name: 'Photo to send' });
    expect(within(preview).getByText('Sending this photo costs 15 credits.')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'The photo you chose' }).getAttribute('src')).toBe('blob:preview');
    expect(handlers.onSendPhoto).not.toHaveBeenCalled();
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Photo to send' })).toBeNull();
    expect(handlers.onSendPhoto).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for 15 credits' }));
    expect(handlers.onSendPhoto).toHaveBeenCalledWith(photo);
    expect(screen.queryByRole('region', { name: 'Photo to send' })).toBeNull();
  });

  it('picks a gift by its name, priced', async () => {
    const handlers = renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Send a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a gift' });
    expect(within(dialog).getAllByRole('button', { name: /^Send .* for 25 credits$/ })).toHaveLength(GIFT_KEYS.length);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Rose for 25 credits' }));
    expect(handlers.onSendGift).toHaveBeenCalledWith('rose');
  });
});
