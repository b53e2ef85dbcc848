import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Button, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiErrorText } from '../../auth/error-text';
import { SocialErrorAlert } from '../../auth/social-error';
import { providerHref } from '../../auth/social-links';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';
import { timeAgo } from '../time-ago';
import { useMySocial } from '../use-my-social';

/**
 * What a link started here came back with: `?linked={provider}` or `?social_error={code}`.
 * Neither is printed as it came (anyone can write an address): the provider is named by the
 * list's own name for it, the error by its text.
 */
export function LinkResultAlerts() {
  const { t } = useTranslation('my');
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const query = useMySocial();
  // The provider's name comes with the list: the alert waits for it rather than change words.
  if (linked === null || query.isPending) return <SocialErrorAlert />;
  const links = query.data?.links ?? [];
  const name = links.find((link) => link.provider === linked)?.provider_name;
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('linked');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Alert
        variant="success"
        dismissible
        onClose={close}
        closeLabel={t('common:actions.close')}
        data-testid="social-linked"
      >
        {name === undefined
          ? t('security.linked.linkedPlain')
          : t('security.linked.linkedNamed', { provider: name })}
      </Alert>
      <SocialErrorAlert />
    </>
  );
}

/** "Linked accounts": the account's links to other sites, unlink, and link another. */
export function LinkedAccounts() {
  const { t } = useTranslation('my');
  const locale = useLocale();
  const client = useQueryClient();
  const now = useNow(60_000);
  const headingId = useId();
  const noteId = useId();
  const query = useMySocial();
  const [refusal, setRefusal] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: (provider: string) => myApi.unlink(provider),
    onMutate: () => setRefusal(null),
    onSuccess: (_answer, provider) => {
      const name = query.data?.links.find((link) => link.provider === provider)?.provider_name;
      pushToast({
        text: t('security.linked.unlinked', { provider: name ?? provider }),
        variant: 'primary',
      });
    },
    onError: (error) => {
      // 422 `social.last_method`: the server's words, or ours when it gave none.
      setRefusal(apiErrorText(error) ?? t('security.linked.lastMethod'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: myKeys.social }),
  });

  const social = query.data;
  const back = localePath(locale, '/my/security');
  return (
    <section className="mb-4" aria-labelledby={headingId} data-testid="linked-accounts">
      <h3 className="h6" id={headingId}>
        {t('security.linked.title')}
      </h3>
      <p className="text-body-secondary small">{t('security.linked.intro')}</p>
      {query.isPending ? (
        <Spinner size="sm" role="status" aria-label={t('loading')} />
      ) : !social ? (
        <p className="text-danger">{t('loadError')}</p>
      ) : (
        <>
          {refusal !== null && (
            <Alert variant="danger" className="py-2" data-testid="unlink-refused">
              {refusal}
            </Alert>
          )}
          {social.links.length === 0 ? (
            <p data-testid="no-links">{t('security.linked.none')}</p>
          ) : (
            <ListGroup className="mb-2">
              {social.links.map((link) => (
                <ListGroup.Item
                  key={link.provider}
                  className="d-flex flex-wrap gap-2 align-items-center"
                  data-testid="social-link"
                  data-provider={link.provider}
                >
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-medium">{link.provider_name}</div>
                    <div className="small text-body-secondary text-break">
                      {link.name !== null && link.name !== '' && (
                        <>
                          <span data-testid="social-link-name">{link.name}</span> ·{' '}
                        </>
                      )}
                      <span title={link.created_at}>
                        {t('security.linked.since', {
                          when: timeAgo(link.created_at, now, locale),
                        })}
                      </span>
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={!social.can_unlink || unlink.isPending}
                    aria-describedby={social.can_unlink ? undefined : noteId}
                    aria-label={t('security.linked.unlinkName', { provider: link.provider_name })}
                    onClick={() => unlink.mutate(link.provider)}
                    data-testid="unlink"
                  >
                    {t('security.linked.unlink')}
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          {social.links.length > 0 && !social.can_unlink && (
            <p id={noteId} className="small text-body-secondary" data-testid="last-method">
              {t('security.linked.lastMethod')}
            </p>
          )}
          {social.available.length > 0 && (
            <>
              <p className="small mb-2 mt-3">{t('security.linked.available')}</p>
              <div className="d-flex flex-wrap gap-2">
                {social.available.map((provider) => {
                  const href = providerHref(provider, {
                    returnTo: back,
                    intent: 'link',
                    locale,
                    origin: window.location.origin,
                  });
                  return (
                    href !== null && (
                      <a
                        key={provider.id}
                        href={href}
                        className="btn btn-sm btn-outline-primary"
                        data-testid={`link-${provider.id}`}
                      >
                        {t('security.linked.link', { provider: provider.name })}
                      </a>
                    )
                  );
                })}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
