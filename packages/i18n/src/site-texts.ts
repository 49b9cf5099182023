// The default texts a new site's settings start with (SPEC section 3, the 'texts' section), in every locale. A site's
// operator edits them per language in the staff console; these are what the default site and the demo sites are
// seeded with. `{site_name}` stands for the site's name and is filled in when the site is created.
import type { Locale } from './index.ts';

/** The member-facing text settings that have a translation per locale (contracts' SITE_TEXT_KEYS). */
export type SiteTextDefaults = {
  index_title: string;
  description: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
};

/**
 * Per locale. The singular reads after the profile page's "This is a {{fictional}}." (members:profile.fictionalWarning)
 * in each language, so its gender and article agree there.
 */
export const SITE_TEXT_DEFAULTS: Readonly<Record<Locale, SiteTextDefaults>> = {
  nl: {
    index_title: '{site_name} – ontmoet singles bij jou in de buurt',
    description: 'Ontmoet, like en chat met singles bij jou in de buurt.',
    fictional_warning:
      'Sommige profielen op deze site zijn fictief: ze laten zien wat de site te bieden heeft en niemand leest de berichten die ernaar worden gestuurd, dus je kunt ze geen berichten sturen.',
    fictional_singular: 'fictief profiel',
    fictional_plural: 'fictieve profielen',
  },
  en: {
    index_title: '{site_name} – meet singles near you',
    description: 'Meet, like and chat with singles near you.',
    fictional_warning:
      'Some profiles on this site are fictional: they show what the site offers, and nobody reads messages sent to them, so they cannot be messaged.',
    fictional_singular: 'fictional profile',
    fictional_plural: 'fictional profiles',
  },
  de: {
    index_title: '{site_name} – triff Singles in deiner Nähe',
    description: 'Triff Singles in deiner Nähe, like sie und chatte mit ihnen.',
    fictional_warning:
      'Einige Profile auf dieser Seite sind fiktiv: Sie zeigen, was die Seite bietet, und niemand liest die Nachrichten, die an sie gehen, deshalb kann man ihnen keine Nachrichten schreiben.',
    fictional_singular: 'fiktives Profil',
    fictional_plural: 'fiktive Profile',
  },
  it: {
    index_title: '{site_name} – incontra single vicino a te',
    description: 'Incontra single vicino a te, metti mi piace e chatta con loro.',
    fictional_warning:
      'Alcuni profili di questo sito sono fittizi: mostrano ciò che il sito offre e nessuno legge i messaggi inviati a loro, quindi non è possibile scrivergli.',
    fictional_singular: 'profilo fittizio',
    fictional_plural: 'profili fittizi',
  },
  fr: {
    index_title: '{site_name} – rencontrez des célibataires près de chez vous',
    description: 'Rencontrez des célibataires près de chez vous, likez-les et discutez avec eux.',
    fictional_warning:
      'Certains profils de ce site sont fictifs : ils montrent ce que le site propose, et personne ne lit les messages qui leur sont envoyés, il n’est donc pas possible de leur écrire.',
    fictional_singular: 'profil fictif',
    fictional_plural: 'profils fictifs',
  },
  es: {
    index_title: '{site_name} – conoce a solteros cerca de ti',
    description: 'Conoce a solteros cerca de ti, dales me gusta y chatea con ellos.',
    fictional_warning:
      'Algunos perfiles de este sitio son ficticios: muestran lo que ofrece el sitio y nadie lee los mensajes que se les envían, por lo que no se les puede escribir.',
    fictional_singular: 'perfil ficticio',
    fictional_plural: 'perfiles ficticios',
  },
  pl: {
    index_title: '{site_name} – poznaj singli w pobliżu',
    description: 'Poznawaj singli w pobliżu, polub ich i czatuj z nimi.',
    fictional_warning:
      'Niektóre profile w tym serwisie są fikcyjne: pokazują, co oferuje serwis, i nikt nie czyta wysłanych do nich wiadomości, dlatego nie można do nich pisać.',
    fictional_singular: 'fikcyjny profil',
    fictional_plural: 'fikcyjne profile',
  },
  da: {
    index_title: '{site_name} – mød singler tæt på dig',
    description: 'Mød singler tæt på dig, synes godt om dem og chat med dem.',
    fictional_warning:
      'Nogle profiler på denne side er fiktive: de viser, hvad siden tilbyder, og ingen læser de beskeder, der sendes til dem, så man kan ikke skrive til dem.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktive profiler',
  },
  fi: {
    index_title: '{site_name} – tapaa sinkkuja läheltäsi',
    description: 'Tapaa sinkkuja läheltäsi, tykkää heistä ja chattaile heidän kanssaan.',
    fictional_warning:
      'Osa tämän sivuston profiileista on fiktiivisiä: ne näyttävät, mitä sivusto tarjoaa, eikä kukaan lue niille lähetettyjä viestejä, joten niille ei voi kirjoittaa.',
    fictional_singular: 'fiktiivinen profiili',
    fictional_plural: 'fiktiiviset profiilit',
  },
  nb: {
    index_title: '{site_name} – møt single i nærheten',
    description: 'Møt single i nærheten av deg, lik dem og chat med dem.',
    fictional_warning:
      'Noen profiler på dette nettstedet er fiktive: de viser hva nettstedet tilbyr, og ingen leser meldingene som sendes til dem, så det går ikke an å skrive til dem.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktive profiler',
  },
  sv: {
    index_title: '{site_name} – träffa singlar nära dig',
    description: 'Träffa singlar nära dig, gilla dem och chatta med dem.',
    fictional_warning:
      'Vissa profiler på den här webbplatsen är fiktiva: de visar vad webbplatsen erbjuder, och ingen läser meddelandena som skickas till dem, så det går inte att skriva till dem.',
    fictional_singular: 'fiktiv profil',
    fictional_plural: 'fiktiva profiler',
  },
};

/** The default texts of a site named `siteName`: per text, per locale. */
export function defaultSiteTexts(siteName: string): Record<keyof SiteTextDefaults, Record<Locale, string>> {
  const texts = {} as Record<keyof SiteTextDefaults, Record<Locale, string>>;
  for (const [locale, defaults] of Object.entries(SITE_TEXT_DEFAULTS) as [Locale, SiteTextDefaults][]) {
    for (const [key, text] of Object.entries(defaults) as [keyof SiteTextDefaults, string][]) {
      (texts[key] ??= {} as Record<Locale, string>)[locale] = text.replaceAll('{site_name}', siteName);
    }
  }
  return texts;
}
