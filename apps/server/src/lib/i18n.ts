// Server-side translations from the same locale files the web app uses (errors now, mails later).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, LOCALE_VARIANTS, NAMESPACES, type UiLanguage } from '@app/i18n';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/i18n/locales');

function readResources() {
  const resources: Resource = {};
  for (const language of [...LOCALES, ...LOCALE_VARIANTS]) {
    resources[language] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(localesDir, language, `${ns}.json`);
      if (fs.existsSync(file)) resources[language]![ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: readResources(),
  lng: DEFAULT_LOCALE,
  fallbackLng: { 'en-US': ['en'], default: [DEFAULT_LOCALE] },
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function getTranslator(language: UiLanguage): TFunction {
  return instance.getFixedT(language);
}

export function hasTranslation(key: string, params?: Record<string, unknown>): boolean {
  return instance.exists(key, { ...params, lng: DEFAULT_LOCALE });
}
