// Profile rules: the member's own profile (read, validated update) and another member's profile as a given viewer may see it.
import {
  INTEREST_KEYS,
  PROFILE_FIELDS,
  VISITOR_PROFILE_FIELDS,
  ageOn,
  type FieldError,
  type MemberProfile,
  type OwnProfile,
  type UpdateProfileRequest,
} from '@app/contracts';
import type { ProfileRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { blockedBy } from '../blocks/index.ts';
import { isRegionOf } from '../../lib/regions.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { checkDateOfBirth } from '../../lib/profile-fields.ts';
import { mainImageOf, photoLimitOf, toPhoto, type PhotosService } from '../photos/index.ts';
import { isFieldVisible, profileNotFound, type MembersRepository, type Viewer } from '../member-core/index.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

type FieldIssue = Omit<FieldError, 'message'>;
type SiteRef = Pick<SiteRow, 'id' | 'cdnPrefix' | 'visibleProfileFields' | 'minAge' | 'countries' | 'interests'>;

const validationFailed = (fields: FieldIssue[]) => new AppError(400, 'validation_failed', undefined, fields);

/** The profile fields of SPEC section 3 that `visible_profile_fields` can show or hide, besides name and photos. */
const DETAIL_FIELDS = PROFILE_FIELDS;
type DetailField = (typeof PROFILE_FIELDS)[number];

function detailValues(profile: ProfileRow, now: Date): Pick<OwnProfile, DetailField> {
  return {
    gender: profile.gender,
    sexuality: profile.sexuality,
    age: profile.dateOfBirth ? ageOn(profile.dateOfBirth, now) : null,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    relationship_status: profile.relationshipStatus,
    body_type: profile.bodyType,
    hair_color: profile.hairColor,
    eye_color: profile.eyeColor,
    tattoos: profile.tattoos,
    signup_reason: profile.signupReason,
    interests: profile.interests,
    about_me: profile.aboutMe,
  };
}

const emptyToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

export function createProfilesService(deps: {
  profilesRepository: ProfilesRepository;
  photos: Pick<PhotosService, 'listOwn'>;
  /**
   * What another member's page (member.php) reads: the same reads on `app.readDb`, so a replica within its lag
   * answers them (docs/read-replicas.md); without one they are the primary's.
   */
  memberPageReads: {
    profilesRepository: Pick<ProfilesRepository, 'findById' | 'findRelation'>;
    members: Pick<MembersRepository, 'findViewable'>;
    photos: Pick<PhotosService, 'listVisible'>;
  };
  /** Name, country and status are part of the member's own view (user.php). */
  /** A profile edit records `member.changed` in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  now: () => Date;
}) {
  const repo = deps.profilesRepository;

  async function loadOwn(viewer: Viewer, site: SiteRef): Promise<OwnProfile> {
    const profile = await repo.findById(viewer.profileId);
    if (!profile) throw profileNotFound();
    const rows = await deps.photos.listOwn(profile.id);
    const now = deps.now();
    return {
      id: profile.id,
      name: profile.name,
      status: profile.status,
      date_of_birth: profile.dateOfBirth,
      ...detailValues(profile, now),
      show_me: profile.showMe,
      prompts: profile.prompts,
      is_verified: profile.verifiedAt !== null,
      is_fictional: profile.isFictional,
      is_invisible: profile.isInvisible,
      main_image: mainImageOf(rows, site.cdnPrefix),
      photos: rows.map((row) => toPhoto(row, site.cdnPrefix)),
      photo_limit: photoLimitOf(viewer.isPremium),
    };
  }

  return {
    getOwnProfile: loadOwn,

    /**
     * Saves the fields sent (PUT semantics per field). Beyond the shared schema: the date of birth meets
     * the site's min_age, the country is one of the site's, the region one of that country's, the
     * interests ones the site offers, and the name differs from the e-mail address.
     */
    async updateOwnProfile(
      viewer: Viewer,
      email: string,
      site: SiteRef,
      input: UpdateProfileRequest,
    ): Promise<OwnProfile> {
      const current = await repo.findById(viewer.profileId);
      if (!current) throw profileNotFound();
      const issues: FieldIssue[] = [];
      const values: Partial<ProfileRow> = {};

      if (input.name !== undefined) {
        if (input.name.toLowerCase() === email.toLowerCase())
          issues.push({ path: 'name', code: 'username_equals_email' });
        else values.name = input.name;
      }
      if (input.date_of_birth !== undefined) {
        const checked = checkDateOfBirth(input.date_of_birth, site.minAge, deps.now);
        if (checked.issue) issues.push(checked.issue);
        else values.dateOfBirth = checked.dateOfBirth;
      }
      if (input.gender !== undefined) values.gender = input.gender;
      if (input.sexuality !== undefined) values.sexuality = input.sexuality;
      if (input.show_me !== undefined) values.showMe = input.show_me;
      // A non-binary member is seen by, and sees, those who chose it: without a choice they see everyone.
      if ((values.gender ?? current.gender) === 'non_binary' && (values.showMe ?? current.showMe) === null)
        values.showMe = 'everyone';
      if (input.country !== undefined) {
        if (site.countries.includes(input.country)) values.country = input.country;
        else issues.push({ path: 'country', code: 'country_invalid' });
      }
      const country = values.country ?? current.country;
      const region = emptyToNull(input.region);
      if (region !== undefined) {
        if (region === null || (country && isRegionOf(country, region))) values.region = region;
        else issues.push({ path: 'region', code: 'region_invalid' });
      } else if (values.country && values.country !== current.country && current.region) {
        // A region of the old country means nothing in the new one.
        if (!isRegionOf(values.country, current.region)) values.region = null;
      }
      if (input.city !== undefined) values.city = emptyToNull(input.city) ?? null;
      if (input.relationship_status !== undefined) values.relationshipStatus = input.relationship_status;
      if (input.body_type !== undefined) values.bodyType = input.body_type;
      if (input.hair_color !== undefined) values.hairColor = input.hair_color;
      if (input.eye_color !== undefined) values.eyeColor = input.eye_color;
      if (input.tattoos !== undefined) values.tattoos = input.tattoos;
      if (input.signup_reason !== undefined) values.signupReason = input.signup_reason;
      if (input.interests !== undefined) {
        const offered = new Set(site.interests.filter((key) => (INTEREST_KEYS as string[]).includes(key)));
        if (input.interests.every((key) => offered.has(key))) values.interests = [...new Set(input.interests)];
        else issues.push({ path: 'interests', code: 'interests_invalid' });
      }
      if (input.about_me !== undefined) values.aboutMe = emptyToNull(input.about_me) ?? null;
      // The schema checked the catalogue keys, the lengths, the count and that each question comes once.
      if (input.prompts !== undefined) values.prompts = input.prompts;
      if (input.is_invisible !== undefined) values.isInvisible = input.is_invisible;

      if (issues.length) throw validationFailed(issues);
      if (Object.keys(values).length) {
        await deps.outbox.transaction(async (tx, effects) => {
          await repo.update(viewer.profileId, values, tx);
          await effects.emit('member.changed', { userId: viewer.userId });
          await effects.emit('member.shown', { userId: viewer.userId });
        });
      }
      return loadOwn(viewer, site);
    },

    /**
     * Another member's profile (GET /api/member.php). 404 unless openable; 403 `blocked_by` when that
     * member blocked the viewer. Fields follow the site's visible_profile_fields; visitors get the basics.
     */
    async getMemberProfile(viewer: Viewer | null, site: SiteRef, profileId: number): Promise<MemberProfile> {
      const reads = deps.memberPageReads;
      const isSelf = viewer?.profileId === profileId;
      // Members see their own page even before activation (a preview of what others will see).
      const profile = isSelf
        ? await reads.profilesRepository.findById(profileId)
        : await reads.members.findViewable(site.id, profileId);
      if (!profile) throw profileNotFound();
      const relation =
        viewer && !isSelf ? await reads.profilesRepository.findRelation(viewer.profileId, profile.id) : null;
      if (relation?.isBlockedBy) throw blockedBy(profile.name);

      const visible = await reads.photos.listVisible(profile.id, viewer);
      const values = detailValues(profile, deps.now());
      const fields: Partial<Record<DetailField, unknown>> = {};
      for (const field of DETAIL_FIELDS) {
        const isShown = isSelf || isFieldVisible(site, field);
        const isAllowed = viewer || (VISITOR_PROFILE_FIELDS as readonly string[]).includes(field);
        if (isShown && isAllowed) fields[field] = values[field];
      }
      return {
        id: profile.id,
        name: profile.name,
        ...(fields as Partial<MemberProfile>),
        // Like the interests: members see the prompts, visitors log in for them.
        ...(viewer ? { prompts: profile.prompts } : {}),
        is_verified: profile.verifiedAt !== null,
        main_image: mainImageOf(visible.photos, site.cdnPrefix),
        photos: visible.photos.map((row) => toPhoto(row, site.cdnPrefix)),
        hidden_photo_count: visible.hiddenCount,
        photos_locked: visible.lockedReason,
        is_fictional: profile.isFictional,
        is_self: isSelf,
        is_limited: !viewer,
        relation: relation
          ? {
              is_liked: relation.isLiked,
              is_liked_by: relation.isLikedBy,
              is_match: relation.isMatch,
              is_blocked: relation.isBlocked,
            }
          : null,
      };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
