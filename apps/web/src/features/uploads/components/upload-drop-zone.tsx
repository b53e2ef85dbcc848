import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dragHasFiles, droppedFiles } from '../use-pending-uploads';

export interface UploadDropZoneProps {
  onFiles: (files: File[]) => void;
  /** Off for people who may not attach (a drop then does nothing special). */
  enabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A pane that takes dropped pictures: while files are dragged over it, a dashed cover says
 * where to drop them.
 */
export function UploadDropZone({
  onFiles,
  enabled = true,
  className = '',
  children,
}: UploadDropZoneProps) {
  const { t } = useTranslation('uploads');
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!enabled || !dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!enabled || !dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    if (!over) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!enabled || !dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = droppedFiles(event.dataTransfer);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={`upload-drop ${className}${over ? ' is-over' : ''}`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="upload-drop"
    >
      {children}
      {over && (
        <div className="upload-drop-cover" data-testid="upload-drop-cover">
          <span>{t('dropHere')}</span>
        </div>
      )}
    </div>
  );
}
