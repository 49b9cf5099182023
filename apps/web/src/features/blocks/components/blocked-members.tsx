// The members the member has blocked, each with an Unblock button (on /profile).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { useBlocks } from '../api/get-blocks.ts';
import { BlockButton } from './block-button.tsx';

export function BlockedMembers() {
  const { t } = useTranslation('members');
  const { data: profiles, isPending } = useBlocks();
  return (
    <section aria-labelledby="blocked-members-title">
      <h2 id="blocked-members-title" className="h5 mb-3">
        {t('blocks.title')}
      </h2>
      {!isPending && (!profiles || profiles.length === 0) && (
        <p className="text-body-secondary small mb-0">{t('blocks.empty')}</p>
      )}
      {profiles && profiles.length > 0 && (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
          {profiles.map((profile) => (
            <li key={profile.id} className="d-flex align-items-center gap-2">
              <MemberPhoto image={profile.main_image} alt="" shape="round" size={40} />
              <Link
                to={paths.membersId.getHref(profile.id)}
                className="flex-grow-1 text-truncate fw-semibold text-reset"
              >
                {profile.name}
              </Link>
              <BlockButton profile={profile} isBlocked size="sm" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
