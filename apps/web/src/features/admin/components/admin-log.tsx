import type { AdminLogEntry } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { Pager } from '../../../shared/ui/pager';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { When } from '../../../shared/ui/when';
import { adminLogQuery } from '../api';

/** The admin log: every change made in the admin area, newest first, searchable. */
export function AdminLog() {
  const { t } = useTranslation('admin');
  const params = useListParams();
  const q = params.text('q');
  const filter = { page: params.page, ...(q ? { q } : {}) };
  const result = useQuery(adminLogQuery(filter));
  const [typed, setTyped] = useState(q ?? '');
  const search = (event: FormEvent) => {
    event.preventDefault();
    params.set({ q: typed.trim() || undefined, page: undefined });
  };
  const rows = result.data?.rows ?? [];
  return (
    <section data-testid="admin-log">
      <h2 className="h4 mb-3">{t('log.title')}</h2>
      <Form onSubmit={search} role="search" className="mb-3" style={{ maxWidth: 480 }}>
        <InputGroup>
          <Form.Control
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('log.search')}
            aria-label={t('log.search')}
            maxLength={100}
            data-testid="admin-log-search"
          />
          <Button type="submit" variant="outline-primary">
            {t('log.find')}
          </Button>
        </InputGroup>
      </Form>
      {result.isPending && <Spinner animation="border" size="sm" role="status" />}
      {result.isError && <Alert variant="danger">{t('failed')}</Alert>}
      {result.isSuccess && rows.length === 0 && (
        <p className="text-body-secondary" data-testid="admin-log-empty">
          {t('log.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th>{t('log.when')}</th>
              <th>{t('log.who')}</th>
              <th>{t('log.what')}</th>
              <th>{t('log.change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <LogRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </Table>
      )}
      {result.data && (
        <Pager
          page={result.data.page}
          lastPage={result.data.lastPage}
          onPage={(page) => params.set({ page })}
          testId="admin-log-pager"
        />
      )}
    </section>
  );
}

function LogRow({ entry }: { entry: AdminLogEntry }) {
  const { t } = useTranslation('admin');
  return (
    <tr data-testid={`admin-log-${entry.id}`}>
      <td className="text-nowrap">
        <When iso={entry.created_at} />
      </td>
      <td>{entry.actor ? <StyledNick nick={entry.actor.nick} /> : t('log.nobody')}</td>
      <td>
        <code>{entry.action}</code>
        {entry.subject_id !== null && (
          <span className="text-body-secondary">
            {' '}
            · {entry.subject_type} #{entry.subject_id}
          </span>
        )}
      </td>
      <td className="small">
        <Diff before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}

/** The fields that changed, before → after (a creation or deletion shows the one side). */
function Diff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
  if (keys.length === 0) return <span className="text-body-secondary">{t('log.noFields')}</span>;
  return (
    <dl className="admin-log-diff mb-0">
      {keys.slice(0, 8).map((key) => (
        <div key={key}>
          <dt className="d-inline">{key}: </dt>
          <dd className="d-inline">
            {key in was && <del>{shown(was[key])}</del>}
            {key in was && key in now && ' → '}
            {key in now && <ins>{shown(now[key])}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
