import type { PersonSlots } from '../../features/chat/components/users/person-slots';
import { WritePrivateItem } from '../../features/im/components/write-private-item';
import { SanctionDialog } from '../../features/sanctions/components/sanction-dialog';

/** The chat's person card: the messenger's item and the sanction dialog, one each site-wide. */
export const CHAT_PERSON_SLOTS: PersonSlots = {
  writePrivate: (userId, onDone) => <WritePrivateItem userId={userId} onDone={onDone} />,
  sanctionDialog: (target, onHide) => <SanctionDialog target={target} onHide={onHide} />,
};
