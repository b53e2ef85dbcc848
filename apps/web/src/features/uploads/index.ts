/**
 * Pictures in messages, for every message box of the site (public chat, messenger):
 * - `usePendingUploads(owner)`: a box's pending pictures and what to send (`ready`);
 * - `UploadTray`: their previews with progress above the box;
 * - `AttachmentGrid`: a message's pictures, opening `AttachmentViewer`; adult ones blurred;
 * - `AttachButton`, `UploadDropZone`: the ways in (button, drag-and-drop, and paste via
 *   `droppedFiles(event.clipboardData)`).
 */
export {
  usePendingUploads,
  droppedFiles,
  dragHasFiles,
  type PendingUploads,
} from './use-pending-uploads';
export { UploadTray, type UploadTrayProps } from './components/upload-tray';
export { AttachmentGrid, type AttachmentGridProps } from './components/attachment-grid';
export { AttachmentViewer, type AttachmentViewerProps } from './components/attachment-viewer';
export { AttachButton, type AttachButtonProps } from './components/attach-button';
export { AdultCover } from './components/adult-cover';
export { UploadDropZone, type UploadDropZoneProps } from './components/upload-drop-zone';
export { useUploadsStore } from './store';
export type { UploadEventActions } from './upload-events';
export { isAdult, type PendingUpload } from './types';
