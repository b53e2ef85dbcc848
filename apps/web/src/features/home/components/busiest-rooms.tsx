import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatIcon, PeopleIcon } from '../../../lib/icons';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { roomName } from '../../chat/room-name';
import type { HomeSectionProps } from '../home-section';

/** The busiest public rooms, each with who is there and a way straight in. */
export function BusiestRooms({ overview }: HomeSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!overview || overview.rooms.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-rooms-title" data-testid="home-rooms">
      <h2 id="home-rooms-title" className="home-section-title">
        {t('home:rooms.title')}
      </h2>
      <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 mb-0">
        {overview.rooms.map((room) => {
          const name = roomName(room, locale);
          return (
            <li key={room.id} className="col">
              <div className="home-room" data-testid="home-room" data-room-id={room.id}>
                <span className="home-room-icon" aria-hidden="true">
                  <ChatIcon size={20} />
                </span>
                <div className="home-room-text">
                  <h3 className="home-room-name" title={name}>
                    <bdi>{name}</bdi>
                  </h3>
                  <p className="home-room-count" data-testid="home-room-count">
                    <PeopleIcon size={14} />{' '}
                    {room.users_count === 0
                      ? t('home:rooms.nobody')
                      : t('home:rooms.people', { count: room.users_count })}
                  </p>
                </div>
                <Link
                  to={localePath(locale, `/chat/${room.id}`)}
                  className="btn btn-outline-primary btn-sm flex-none"
                  aria-label={t('home:rooms.enterNamed', { name })}
                  data-testid="home-room-enter"
                >
                  {t('home:rooms.enter')}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
