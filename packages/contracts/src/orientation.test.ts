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
});
