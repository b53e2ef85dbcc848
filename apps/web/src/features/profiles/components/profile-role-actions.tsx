import { isRegisteredRoles } from '@chat/shared';
import { ASSIGNABLE_ROLES, type AssignableRole, type Profile } from '@chat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { changeRole } from '../../sanctions/api';
import { useCan } from '../../session/permissions';
import { pushToast } from '../../toasts/store';
import { profileKeys } from '../api';

/** The one assignable role a person has now: the highest of theirs. */
function currentRole(roles: readonly string[]): AssignableRole {
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('moderator')) return 'moderator';
  return 'user';
}

/**
 * For whoever may manage roles (admins): make this person a moderator, an admin, or a user
 * again, each after a confirmation. A guest has no account to promote.
 */
export function ProfileRoleActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation('sanctions');
  const allowed = useCan('roles.manage');
  // Another admin's role: only when the permission table gives that right (off by default).
  const mayChangeAdmins = useCan('roles.manage_admins');
  const client = useQueryClient();
  const [asked, setAsked] = useState<AssignableRole | null>(null);
  const nick = profile.user.nick.nick;
  const change = useMutation({
    mutationFn: (role: AssignableRole) => changeRole(profile.user.id, role),
    onSuccess: (_user, role) => {
      setAsked(null);
      pushToast({
        text: t(`roles.done.${role}`, { nick }),
        variant: 'primary',
      });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
  if (!allowed || profile.is_self || !isRegisteredRoles(profile.user.roles)) return null;
  const now = currentRole(profile.user.roles);
  if (now === 'admin' && !mayChangeAdmins) return null;

  return (
    <div
      className="profile-role-actions d-flex flex-wrap gap-2 mt-2"
      data-testid="profile-role-actions"
    >
      {ASSIGNABLE_ROLES.filter((role) => role !== now).map((role) => (
        <Button
          key={role}
          size="sm"
          variant="outline-secondary"
          onClick={() => setAsked(role)}
          data-testid={`make-${role}`}
        >
          {t(`roles.make.${role}`)}
        </Button>
      ))}
      <Modal show={asked !== null} onHide={() => setAsked(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('roles.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {asked && t('roles.confirm', { nick, role: t(`roles.titles.${asked}`) })}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setAsked(null)}>
            {t('roles.cancel')}
          </Button>
          <Button
            variant="primary"
            disabled={change.isPending}
            onClick={() => asked && change.mutate(asked)}
            data-testid="role-confirm"
          >
            {t('roles.yes')}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
