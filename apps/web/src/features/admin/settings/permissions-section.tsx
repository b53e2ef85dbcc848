import type { AdminPermissions, Permission, Role } from '@chat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Alert, Button, Form, OverlayTrigger, Spinner, Table, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import type { SectionProps } from '../sections';
import { adminPermissionsQuery, adminSettingsKeys, saveRole } from './api';
import { groupPermissions } from './permissions-grid';

type Drafts = Partial<Record<Role, Set<Permission>>>;

/** The permission's column stays in view while the roles scroll sideways (375 px). */
const STICKY = { position: 'sticky', left: 0, zIndex: 1 } as const;

/** The admin area's permission table (issue 23): roles × permissions, saved one role at a time. */
export function PermissionsSection(_props: SectionProps) {
  const { t } = useTranslation('admin-settings');
  const client = useQueryClient();
  const query = useQuery(adminPermissionsQuery());
  const [drafts, setDrafts] = useState<Drafts>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ role, data }: { role: Role; data: AdminPermissions }) =>
      saveRole(
        role,
        [...(drafts[role] ?? [])],
        data.roles.find((r) => r.role === role)?.updated_at ?? '',
      ),
    onMutate: () => setError(null),
    onSuccess: (data, { role }) => {
      client.setQueryData(adminSettingsKeys.permissions, data);
      setDrafts(({ [role]: _saved, ...rest }) => rest);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.isValidation)
        setError(Object.values(failure.errors).flat().join(' ') || failure.message);
      if (failure instanceof ApiError && failure.status === 409) void query.refetch();
    },
  });

  if (query.isPending)
    return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (query.isError) return <Alert variant="danger">{t('failed')}</Alert>;
  const data = query.data;
  const held = (role: Role): Set<Permission> =>
    drafts[role] ?? new Set(data.roles.find((r) => r.role === role)?.permissions ?? []);
  const lockOf = (role: Role, permission: Permission) =>
    data.locked.find((l) => l.role === role && l.permission === permission)?.reason;
  const toggle = (role: Role, permission: Permission, on: boolean) => {
    const next = new Set(held(role));
    if (on) next.add(permission);
    else next.delete(permission);
    setDrafts({ ...drafts, [role]: next });
  };
  const roles = data.roles.map((r) => r.role);

  return (
    <section aria-labelledby="permissions-title">
      <h1 id="permissions-title" className="h4">
        {t('permissions.title')}
      </h1>
      <p className="text-body-secondary">{t('permissions.intro')}</p>
      {error && (
        <Alert variant="danger" data-testid="permissions-error">
          {error}
        </Alert>
      )}
      <Table
        responsive
        bordered
        size="sm"
        className="permissions-grid"
        data-testid="permissions-grid"
      >
        <thead>
          <tr>
            <th scope="col" className="bg-body" style={STICKY}>
              {t('permissions.permission')}
            </th>
            {roles.map((role) => (
              <th key={role} scope="col" className="text-center">
                {t(`roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groupPermissions(data.permissions).map(([area, permissions]) => (
            <Fragment key={area}>
              <tr>
                <th colSpan={roles.length + 1} scope="rowgroup" className="bg-body-tertiary">
                  {t(`permissions.areas.${area}`, { defaultValue: area })}
                </th>
              </tr>
              {permissions.map((permission) => (
                <tr key={permission}>
                  <th scope="row" className="bg-body fw-normal text-nowrap" style={STICKY}>
                    <code>{permission}</code>
                  </th>
                  {roles.map((role) => {
                    const lock = lockOf(role, permission);
                    const box = (
                      <Form.Check
                        className="d-inline-block"
                        id={`perm-${role}-${permission}`}
                        aria-label={t('permissions.cell', { role: t(`roles.${role}`), permission })}
                        checked={held(role).has(permission)}
                        disabled={lock !== undefined}
                        onChange={(e) => toggle(role, permission, e.target.checked)}
                        data-testid={`perm-${role}-${permission}`}
                      />
                    );
                    return (
                      <td key={role} className="text-center">
                        {lock ? (
                          <OverlayTrigger
                            overlay={
                              <Tooltip id={`lock-${role}-${permission}`}>
                                {t(`locks.${lock}`)}
                              </Tooltip>
                            }
                          >
                            <span tabIndex={0} title={t(`locks.${lock}`)}>
                              {box}
                            </span>
                          </OverlayTrigger>
                        ) : (
                          box
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="bg-body" style={STICKY} />
            {roles.map((role) => (
              <td key={role} className="text-center">
                <Button
                  size="sm"
                  disabled={drafts[role] === undefined || save.isPending}
                  onClick={() => save.mutate({ role, data })}
                  data-testid={`perm-save-${role}`}
                >
                  {t('permissions.save', { role: t(`roles.${role}`) })}
                </Button>
              </td>
            ))}
          </tr>
        </tfoot>
      </Table>
    </section>
  );
}
