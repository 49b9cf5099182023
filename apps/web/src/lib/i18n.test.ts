// @vitest-environment jsdom
// Language rules of SPEC section 1: cookie first, then domain_language; choosing stores a 365-day cookie; Dutch dates.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE } from '@app/i18n';
import {
  calendarDay,
  chooseLanguage,
  dateLocaleFor,
  formatDate,
  i18next,
  initI18n,
  initialLanguage,
  onLanguageChosen,
  readLanguageCookie,
  setDisplayTimeZone,
  writeTimeZoneCookie,
} from './i18n.ts';

function clearLanguageCookie() {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  clearLanguageCookie();
  vi.restoreAllMocks();
});

describe('initialLanguage', () => {
  it('prefers the language cookie', () => {
    document.cookie = `${LANGUAGE_COOKIE}=de; path=/`;
    expect(initialLanguage('nl_NL')).toBe('de');
  });

  it('takes the first two letters of domain_language without a cookie, and stores them', () => {
    expect(initialLanguage('nl_NL')).toBe('nl');
    expect(readLanguageCookie()).toBe('nl');
  });

  it('falls back to English', () => {
    expect(initialLanguage('xx')).toBe('en');
    expect(readLanguageCookie()).toBeNull();
  });

  it("takes an explicit ?lang= (the pages' hreflang alternates) above the cookie, and keeps it as the choice", () => {
    document.cookie = `${LANGUAGE_COOKIE}=de; path=/`;
    window.history.replaceState(null, '', '/pages/faq?lang=fi');
    try {
      expect(initialLanguage('nl_NL')).toBe('fi');
      expect(readLanguageCookie()).toBe('fi');
      window.history.replaceState(null, '', '/pages/faq?lang=xx');
      expect(initialLanguage('nl_NL')).toBe('fi');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('chooseLanguage', () => {
  it('switches i18next, sets a 365-day cookie and tells listeners', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    const listener = vi.fn();
    const unsubscribe = onLanguageChosen(listener);
    await chooseLanguage('en-US');
    expect(i18next.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringContaining(`max-age=${365 * 24 * 60 * 60}`));
    expect(listener).toHaveBeenCalledWith('en-US');
    unsubscribe();
    await chooseLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('hands a choice made before anyone listened to the first listener, once', async () => {
    await chooseLanguage('en-US');
    const late = vi.fn();
    const unsubscribe = onLanguageChosen(late);
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith('en-US'));
    const second = vi.fn();
    const unsubscribeSecond = onLanguageChosen(second);
    await Promise.resolve();
    expect(second).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledTimes(1);
    unsubscribe();
    unsubscribeSecond();
  });

  it('still switches when saving elsewhere fails', async () => {
    const unsubscribe = onLanguageChosen(() => Promise.reject(new Error('offline')));
    await expect(chooseLanguage('en-US')).resolves.toBeUndefined();
    expect(i18next.language).toBe('en-US');
    unsubscribe();
    await chooseLanguage('en');
  });
});

describe('formatDate', () => {
  const day = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

  it('uses the Dutch date locale until a language is set', () => {
    expect(dateLocaleFor(undefined)).toBe('nl');
    expect(formatDate('2024-03-05T12:00:00Z', day, dateLocaleFor(undefined))).toBe('5 maart 2024');
  });

  it('follows the interface language once one is set', async () => {
    await chooseLanguage('en');
    expect(formatDate('2024-03-05T12:00:00Z', day)).toBe('5 March 2024');
    expect(formatDate('2024-03-05T12:00:00Z', day, dateLocaleFor('en-US'))).toBe('March 5, 2024');
    await chooseLanguage('de');
    expect(formatDate('2024-03-05T12:00:00Z', day)).toBe('5. März 2024');
    await chooseLanguage('nl');
    expect(formatDate('2024-03-05T12:00:00Z', day)).toBe('5 maart 2024');
    await chooseLanguage('en');
  });

  it('accepts another locale and tolerates invalid dates', () => {
    expect(formatDate(new Date(Date.UTC(2024, 2, 5, 12)), { month: 'long', timeZone: 'UTC' }, 'en')).toBe('March');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('the time zone dates are shown in', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("is the runtime's own until a server render names the browser's", () => {
    const lateEvening = '2026-11-24T22:30:00Z';
    const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    setDisplayTimeZone('Europe/Amsterdam');
    expect(formatDate(lateEvening, time, 'en')).toBe('23:30');
    expect(calendarDay(lateEvening)).toBe('2026-11-24');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDate(lateEvening, time, 'en')).toBe('07:30');
    expect(calendarDay(lateEvening)).toBe('2026-11-25');
    // An explicit zone of the caller still wins.
    expect(formatDate(lateEvening, { ...time, timeZone: 'UTC' }, 'en')).toBe('22:30');
    setDisplayTimeZone(undefined);
    expect(formatDate(lateEvening, time, 'en')).toBe(new Intl.DateTimeFormat('en', time).format(new Date(lateEvening)));
  });

  it("is told to the server by a cookie holding the browser's zone", () => {
    document.cookie = `${TIME_ZONE_COOKIE}=; path=/; max-age=0`;
    writeTimeZoneCookie();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie.split('; ')).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`);
    document.cookie = `${TIME_ZONE_COOKIE}=; path=/; max-age=0`;
  });
});
