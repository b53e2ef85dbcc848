import type { Attachment, Gif } from '@chat/shared';
import { GifView } from '../../../gifs/gif-view';
import { AttachmentGrid } from '../../../uploads';

/** A message's pictures (a grid opening the viewer) and its GIF, under its text. */
export function MessageMedia({
  message,
}: {
  message: { attachments?: readonly Attachment[]; gif?: Gif | null };
}) {
  const attachments = message.attachments ?? [];
  if (attachments.length === 0 && !message.gif) return null;
  return (
    <div className="chat-message-media">
      {message.gif && <GifView gif={message.gif} />}
      {attachments.length > 0 && <AttachmentGrid attachments={attachments} />}
    </div>
  );
}
