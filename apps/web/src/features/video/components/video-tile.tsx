import type { VideoModerateBody, VideoParticipant } from '@chat/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StreamVideo } from './stream-video';
import { TileModeration } from './tile-moderation';
import { CameraOffIcon, MaximizeIcon, MicOffIcon, ScreenIcon } from './video-icons';

export interface TileMedia {
  stream: MediaStream | null;
  /** The picture is on (camera or screen); off, the sound still plays. */
  pictureOn: boolean;
  audioOn: boolean;
  screen: boolean;
  reconnecting: boolean;
  speaking: boolean;
}

interface VideoTileProps {
  participant: VideoParticipant;
  media: TileMedia;
  self: boolean;
  /** The viewer moderates the call and outranks this person. */
  moderation: ((action: VideoModerateBody['action']) => void) | null;
}

const fullscreenEnabled = () => typeof document !== 'undefined' && document.fullscreenEnabled;

/** One person of the call: their picture and sound, nick, marks and (for moderators) a menu. */
export function VideoTile({ participant, media, self, moderation }: VideoTileProps) {
  const { t } = useTranslation('video');
  const ref = useRef<HTMLElement>(null);
  const nick = participant.user.nick.nick;
  const mutedByModerator = participant.muted_by_moderator;

  const toggleFullscreen = () => {
    if (document.fullscreenElement === ref.current) void document.exitFullscreen();
    else void ref.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <figure
      ref={ref}
      className={`video-tile${media.speaking ? ' is-speaking' : ''}`}
      data-testid="video-tile"
      data-user-id={participant.user.id}
      data-speaking={media.speaking || undefined}
    >
      {/* Always there when a stream is, so the sound plays with the picture off. Mine is never
          played back; a moderator's mute silences someone for everyone, and a watcher (a gag in
          the call) has nothing to say. */}
      {media.stream && (
        <StreamVideo
          stream={media.stream}
          muted={self || mutedByModerator || participant.watcher}
          mirrored={self && !media.screen}
          className={media.pictureOn ? '' : 'is-hidden'}
        />
      )}
      {!media.pictureOn && (
        <div className="video-tile-placeholder" aria-hidden="true">
          {nick.slice(0, 1).toUpperCase()}
        </div>
      )}
      {media.reconnecting && (
        <div className="video-tile-state" role="status" data-testid="video-reconnecting">
          {t('tile.reconnecting')}
        </div>
      )}
      <figcaption className="video-tile-caption">
        <span className="video-tile-nick">
          <bdi>{nick}</bdi>
          {self && ` (${t('tile.you')})`}
        </span>
        {participant.watcher ? (
          <span className="video-tile-mark">{t('tile.watcher')}</span>
        ) : (
          <>
            {(!media.audioOn || mutedByModerator) && (
              <span
                className={`video-tile-mark${mutedByModerator ? ' is-moderated' : ''}`}
                title={mutedByModerator ? t('tile.mutedByModerator') : t('tile.micOff')}
                data-testid="video-mark-mic-off"
              >
                <MicOffIcon size={14} />
                <span className="visually-hidden">
                  {mutedByModerator ? t('tile.mutedByModerator') : t('tile.micOff')}
                </span>
              </span>
            )}
            {!media.pictureOn && (
              <span
                className="video-tile-mark"
                title={t('tile.cameraOff')}
                data-testid="video-mark-camera-off"
              >
                <CameraOffIcon size={14} />
                <span className="visually-hidden">{t('tile.cameraOff')}</span>
              </span>
            )}
            {media.screen && (
              <span className="video-tile-mark" title={t('tile.screen')}>
                <ScreenIcon size={14} />
                <span className="visually-hidden">{t('tile.screen')}</span>
              </span>
            )}
          </>
        )}
      </figcaption>
      <div className="video-tile-actions">
        {fullscreenEnabled() && media.pictureOn && (
          <button
            type="button"
            className="video-tile-btn"
            onClick={toggleFullscreen}
            aria-label={`${t('tile.fullscreen')}: ${nick}`}
            title={t('tile.fullscreen')}
            data-testid="video-fullscreen"
          >
            <MaximizeIcon size={16} />
          </button>
        )}
        {moderation && (
          <TileModeration nick={nick} mutedByModerator={mutedByModerator} onModerate={moderation} />
        )}
      </div>
    </figure>
  );
}
