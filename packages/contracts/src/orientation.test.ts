import { describe, expect, it } from 'vitest';
import { GENDERS, SEXUALITIES } from './accounts.ts';
import { defaultSearchGender, isMutualMatch, sexualitiesSeeking, soughtGenders } from './orientation.ts';
import type { Gender, Sexuality } from './members.ts';

describe('orientation: who looks for whom', () => {
  it.each([
    ['male', 'hetero', ['female']],
    ['female', 'hetero', ['male']],
    ['male', 'gay', ['male']],
    ['female', 'gay', ['female']],
    ['male', 'lesbian', ['male']],
    ['female', 'lesbian', ['female']],
    ['male', 'bi', ['male', 'female']],
    ['female', 'bi', ['male', 'female']],
    [null, 'hetero', ['male', 'female']],
    ['female', null, ['male', 'female']],
  ] as [Gender | null, Sexuality | null, Gender[]][])('%s + %s looks for %j', (gender, sexuality, genders) => {
    expect(soughtGenders(gender, sexuality)).toEqual(genders);
    expect(defaultSearchGender(gender, sexuality)).toBe(genders.length === 1 ? genders[0] : null);
  });

  it('a woman who chose "gay" searches women and is found by lesbian and bi women, never by men', () => {
    const her = { gender: 'female', sexuality: 'gay' } as const;
    expect(defaultSearchGender(her.gender, her.sexuality)).toBe('female');
    expect(isMutualMatch(her, { gender: 'female', sexuality: 'lesbian' })).toBe(true);
    expect(isMutualMatch(her, { gender: 'female', sexuality: 'bi' })).toBe(true);
    expect(isMutualMatch(her, { gender: 'female', sexuality: 'gay' })).toBe(true);
    expect(isMutualMatch(her, { gender: 'female', sexuality: 'hetero' })).toBe(false);
    expect(isMutualMatch(her, { gender: 'male', sexuality: 'gay' })).toBe(false);
    expect(isMutualMatch(her, { gender: 'male', sexuality: 'bi' })).toBe(false);
  });

  it('agrees with itself over the whole gender x sexuality table: B is among the sexualities seeking A exactly when B looks for A', () => {
    for (const aGender of GENDERS) {
      for (const bGender of GENDERS) {
        for (const bSexuality of SEXUALITIES) {
          const seeks = soughtGenders(bGender, bSexuality).includes(aGender);
          expect(
            sexualitiesSeeking(bGender, aGender).includes(bSexuality),
            `${bGender} ${bSexuality} -> ${aGender}`,
          ).toBe(seeks);
        }
      }
    }
  });

  it('"Show me" decides for whoever chose it, in both directions; non-binary members are shown only to "everyone"', () => {
    const sam = { gender: 'non_binary', sexuality: null, show_me: 'everyone' } as const;
    const ann = { gender: 'female', sexuality: 'hetero', show_me: 'everyone' } as const;
    const bea = { gender: 'female', sexuality: 'bi', show_me: 'women' } as const;
    const carl = { gender: 'male', sexuality: 'hetero', show_me: null } as const;
    const dirk = { gender: 'male', sexuality: 'bi', show_me: 'everyone' } as const;
    expect(isMutualMatch(sam, ann)).toBe(true);
    expect(isMutualMatch(sam, dirk)).toBe(true);
    // Bea shows women only: neither Sam nor a man.
    expect(isMutualMatch(sam, bea)).toBe(false);
    expect(isMutualMatch(bea, dirk)).toBe(false);
    expect(isMutualMatch(bea, ann)).toBe(true);
    // Carl chose nothing: as before (a hetero man sees women), so not Sam, whatever Sam shows.
    expect(isMutualMatch(carl, sam)).toBe(false);
    expect(isMutualMatch(carl, ann)).toBe(true);
    // Ann's "everyone" widens what she sees; Carl still has to look for her.
    expect(isMutualMatch(ann, { gender: 'female', sexuality: 'hetero', show_me: null })).toBe(false);
    expect(defaultSearchGender('female', 'bi', 'women')).toBe('female');
    expect(defaultSearchGender('non_binary', null, 'everyone')).toBeNull();
    expect(defaultSearchGender('male', 'hetero', 'men')).toBe('male');
  });
});
