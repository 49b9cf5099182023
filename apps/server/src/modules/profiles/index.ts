// Public entry of profiles: the service and its repository.
export { createProfilesRepository } from './profiles.repository.ts';
export { createProfilesService, type ProfilesService } from './profiles.service.ts';
export {
  insertProfile,
  markActiveDay,
  markProfileVerified,
  setProfileVisibility,
  updateProfileOfUser,
} from './profile-writes.ts';
export { findProfileById } from './profile-staff-reads.ts';
